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
