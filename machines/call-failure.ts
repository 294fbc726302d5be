/**
 * What a flow machine reads from a failed call. The app's API client rejects with an error carrying these
 * (src/api/api-error.ts); the machines only look at the plain fields, so tests can reject with plain objects.
 */
export interface CallFailure {
  status: number
  code: number | undefined
  message: string | null
  fieldErrors: Record<string, string[]>
  /** errors.attempts_left of a confirmation-code reply, when it has one. */
  attemptsLeft: number | undefined
  /** errors.wait_period of a code-sending reply, when it has one. */
  waitPeriod: number | undefined
}

const numberOr = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined)

/** Reads a rejection of any shape into a CallFailure; anything unknown becomes a local failure (status 0). */
export function callFailureOf(error: unknown): CallFailure {
  const source = (typeof error === 'object' && error !== null ? error : {}) as {
    status?: unknown
    code?: unknown
    message?: unknown
    fieldErrors?: unknown
    errorDetails?: Record<string, unknown>
    details?: {
      status?: unknown
      code?: unknown
      fieldErrors?: unknown
      errorDetails?: Record<string, unknown>
    }
  }
  const details = source.details ?? {}
  const extra = source.errorDetails ?? details.errorDetails ?? {}
  const fieldErrors = (source.fieldErrors ?? details.fieldErrors ?? {}) as Record<string, string[]>
  return {
    status: numberOr(source.status) ?? numberOr(details.status) ?? 0,
    code: numberOr(source.code) ?? numberOr(details.code),
    message: typeof source.message === 'string' ? source.message : null,
    fieldErrors,
    attemptsLeft: numberOr(extra.attempts_left),
    waitPeriod: numberOr(extra.wait_period),
  }
}

/** errors.code values the flows react to (SPEC.md section 8). */
export const CODE_INVALID = 2001
export const CODE_ATTEMPTS_EXHAUSTED = 2002
export const CODE_RATE_LIMITED = 1001
