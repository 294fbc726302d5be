import { ErrorCode } from '../contract/error-codes'

/**
 * What every flow machine knows about a failed call: the one failure shape. The app's API client rejects with an
 * error that carries these fields (src/api/api-error.ts); the machines read any rejection through `callFailureOf`,
 * so tests can reject with plain objects of the same fields.
 */
export interface CallFailure {
  /** HTTP status; 0 when no reply arrived or the failure happened in the app. */
  status: number
  /** `errors.code` of the reply (contract/error-codes.ts), when it has one. */
  code: number | undefined
  /** The reply's message, read in the order of SPEC.md section 8; null when there is none. */
  message: string | null
  /** Per-field messages from `meta.errors`, in the language the request asked for. */
  fieldErrors: Record<string, string[]>
  /**
   * The same messages in English, the server's keys (`meta.error_keys`), when the server translated them: what a
   * screen reads to pick its own sentence for a field. Absent when the messages are English already.
   */
  fieldErrorKeys?: Record<string, string[]>
  /** `errors.attempts_left` of a confirmation-code reply, when it has one. */
  attemptsLeft: number | undefined
  /** `errors.wait_period` of a code-sending reply: seconds until another code may be asked for. */
  waitPeriod: number | undefined
  /** Seconds the server asks to wait before trying again (Retry-After of a reached limit), when it says. */
  retryAfter?: number | undefined
  /** True when the request itself failed: network down, time-out or an unreadable reply. */
  isRequestError: boolean
}

const numberOr = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined)

const fieldErrorsOf = (value: unknown): Record<string, string[]> =>
  typeof value === 'object' && value !== null ? (value as Record<string, string[]>) : {}

/** Reads a rejection of any shape into a CallFailure; anything unknown becomes a local failure (status 0). */
export function callFailureOf(error: unknown): CallFailure {
  const source = (typeof error === 'object' && error !== null ? error : {}) as Partial<
    Record<keyof CallFailure, unknown>
  >
  return {
    status: numberOr(source.status) ?? 0,
    code: numberOr(source.code),
    message: typeof source.message === 'string' ? source.message : null,
    fieldErrors: fieldErrorsOf(source.fieldErrors),
    ...(source.fieldErrorKeys === undefined ? {} : { fieldErrorKeys: fieldErrorsOf(source.fieldErrorKeys) }),
    attemptsLeft: numberOr(source.attemptsLeft),
    waitPeriod: numberOr(source.waitPeriod),
    ...(numberOr(source.retryAfter) === undefined ? {} : { retryAfter: numberOr(source.retryAfter) }),
    isRequestError: source.isRequestError === true,
  }
}

/** Whether the failure carries the error code `code` (contract/error-codes.ts). */
export const failedWith = (error: unknown, code: number) => callFailureOf(error).code === code

/** A 401 with 1001: the access token ran out, and a refresh may still save the session (SPEC.md section 8). */
export function tokenExpired(error: unknown): boolean {
  const failure = callFailureOf(error)
  return failure.status === 401 && failure.code === ErrorCode.tokenExpiredOrRateLimited
}
