import type { FieldErrors } from '../../contract/envelope'
import type { CallFailure } from '../../machines/call-failure'

const numberOr = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined)

/**
 * A failed call: the one error class of the API client. It carries every field of the machines' CallFailure
 * (machines/call-failure.ts), so a flow reads it with `callFailureOf` like any other rejection, and the caption
 * that an error toast shows.
 */
export class ApiError extends Error implements CallFailure {
  override readonly name = 'ApiError'

  constructor(
    message: string,
    readonly details: {
      /** HTTP status; 0 when no reply arrived. */
      status: number
      /** `errors.code` of the reply, when it has one. */
      code?: number
      /** Per-field messages from `meta.errors`. */
      fieldErrors?: FieldErrors
      /** The same in English (`meta.error_keys`), when the server translated them. */
      fieldErrorKeys?: FieldErrors
      /** True when the request itself failed: network, time-out or an unreadable reply. */
      isRequestError?: boolean
      /** The caption for an error toast: the meta message or the exception message. */
      caption?: string
      /** Seconds the reply's Retry-After asks to wait (a limit reached), when it names them. */
      retryAfterSec?: number
      /** The whole `errors` object of the reply, for the keys a flow reads beside the code (attempts_left, wait_period). */
      errorDetails?: Record<string, unknown>
    },
  ) {
    super(message)
  }

  get status() {
    return this.details.status
  }

  get code() {
    return this.details.code
  }

  get fieldErrors(): FieldErrors {
    return this.details.fieldErrors ?? {}
  }

  get fieldErrorKeys(): FieldErrors | undefined {
    return this.details.fieldErrorKeys
  }

  get attemptsLeft() {
    return numberOr(this.details.errorDetails?.attempts_left)
  }

  get waitPeriod() {
    return numberOr(this.details.errorDetails?.wait_period)
  }

  get retryAfter() {
    return this.details.retryAfterSec
  }

  get isRequestError() {
    return this.details.isRequestError === true
  }
}
