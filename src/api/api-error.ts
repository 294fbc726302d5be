import type { FieldErrors } from '../../contract/envelope'

/** A failed call, with everything the screens and the sign-in failure classes need. */
export class ApiError extends Error {
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
      /** True when the request itself failed: network, time-out or an unreadable reply. */
      isRequestError?: boolean
      /** The caption for an error toast: the meta message or the exception message. */
      caption?: string
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

  get isRequestError() {
    return this.details.isRequestError === true
  }
}
