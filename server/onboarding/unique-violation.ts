/**
 * The constraint a query broke when it failed with a unique violation (SQLSTATE 23505), else undefined.
 * Drizzle wraps the driver's error, so the chain of causes is searched; both pg and PGlite name the constraint.
 */
export function uniqueViolationOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return undefined
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown }
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : ''
    current = candidate.cause
  }
  return undefined
}
