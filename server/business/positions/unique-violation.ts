import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'

/**
 * True when a query failed on a unique constraint (SQLSTATE 23505). Drizzle wraps driver errors, so the code
 * is looked for on the error and on its cause; PGlite and node-postgres both set it.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * Runs a write whose one unique rule is the title's (a live row of the same name, in any case), and answers a
 * clash as the 422 of a form: `message` on `title`. Two requests at once with one name both reach the database,
 * and its unique index lets one through.
 */
export async function withUniqueTitle<T>(write: Promise<T>, message: string): Promise<T> {
  try {
    return await write
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors: { title: [message] } })
    }
    throw error
  }
}
