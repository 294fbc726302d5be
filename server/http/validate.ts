import * as v from 'valibot'
import type { FieldErrors } from '../../contract/envelope'
import { findUnstorableValues } from '../../contract/storable-values'
import { HttpError } from './http-error'

/** The message of every 422 caused by a request that does not match its schema. */
export const VALIDATION_FAILED_MESSAGE = 'Validation failed'

/**
 * Parses a request part (body, query or params) with the shared valibot schema of its call. A mismatch answers
 * 422 with one list of messages per field in meta.errors, which the client shows next to each field; problems
 * that belong to no field (a body that is not an object, say) are listed under `_`. Whatever the schema,
 * text PostgreSQL cannot store and arrays where an object belongs are refused too (findUnstorableValues).
 */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input)
  // An array where an object belongs matters when the schema took it (as an object without keys); when the
  // schema refused it anyway, its own messages say more.
  const unstorable = findUnstorableValues(schema, input).filter(
    (value) => value.kind === 'text' || result.success,
  )
  if (result.success && unstorable.length === 0) return result.output
  const fieldErrors: FieldErrors = {}
  for (const { path, message } of unstorable) fieldErrors[path] = [...(fieldErrors[path] ?? []), message]
  if (result.success) throw new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors })
  const flat = v.flatten(result.issues)
  for (const [field, messages] of Object.entries(flat.nested ?? {})) {
    if (messages && messages.length > 0) fieldErrors[field] = [...(fieldErrors[field] ?? []), ...messages]
  }
  if (flat.root && flat.root.length > 0) fieldErrors._ = [...(fieldErrors._ ?? []), ...flat.root]
  if (flat.other && flat.other.length > 0) fieldErrors._ = [...(fieldErrors._ ?? []), ...flat.other]
  throw new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors })
}
