import { readFileSync } from 'node:fs'
import * as v from 'valibot'

const licenceExceptionSchema = v.strictObject({
  /** The package's name, every version of it. */
  package: v.pipe(v.string(), v.nonEmpty()),
  /** The licence as the package declares it: when it changes, the exception has to be read again. */
  licence: v.pipe(v.string(), v.nonEmpty()),
  /** Why it ships anyway, and when the exception goes. */
  reason: v.pipe(
    v.string(),
    v.minLength(20, 'say why the package ships anyway, and when the exception goes'),
  ),
})

/** A runtime package allowed to ship under a licence that is not on the permissive list. */
export type LicenceException = v.InferOutput<typeof licenceExceptionSchema>

/** Reads an exceptions file (allowed-exceptions.json); a malformed one stops the check with what is wrong. */
export function readLicenceExceptions(file: string): LicenceException[] {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`)
  }
  const parsed = v.safeParse(v.array(licenceExceptionSchema), json)
  if (parsed.success) return parsed.output
  const problems = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? '(the list)'}: ${issue.message}`)
  throw new Error(`${file} is malformed:\n  ${problems.join('\n  ')}`)
}
