import * as v from 'valibot'

/**
 * What a route's validateSearch answers for an object schema of optional entries: each entry of the address is
 * kept when it is valid and answered as undefined when it is not, so one bad entry (a hand-edited `?entity=7`)
 * does not throw the good ones away. Every entry is named in the answer, invalid ones too: the router lays what
 * validateSearch answers over the address's raw entries, so an entry left out would reach the screen and its
 * loader unchecked.
 */
export function validSearch<TSchema extends v.ObjectSchema<v.ObjectEntries, undefined>>(
  schema: TSchema,
  search: Record<string, unknown>,
): v.InferOutput<TSchema> {
  const valid: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(schema.entries)) {
    const parsed = v.safeParse(entry, search[key])
    valid[key] = parsed.success ? parsed.output : undefined
  }
  return valid as v.InferOutput<TSchema>
}
