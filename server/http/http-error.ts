import type { FieldErrors } from '../../contract/envelope'
import type { MessageValues } from '../i18n/server-messages'

/**
 * An error that becomes a reply with its own status and message. Route and domain code throw it; the envelope
 * error handler turns it into `{ success: false, data: null, meta: { message, errors? }, errors? }`, writing the
 * message and the field messages in the language of the request (server/i18n): they are English here, and those
 * marked with `/*i18n*\/` are the keys of the server's catalogs.
 */
export class HttpError extends Error {
  readonly statusCode: number
  /** Per-field messages, sent as meta.errors. */
  readonly fieldErrors: FieldErrors | undefined
  /** A machine-readable code from SPEC.md section 8, sent as errors.code. */
  readonly code: number | undefined
  /** Facts the client needs to react, sent beside the code in errors (for example attempts_left). */
  readonly details: Record<string, unknown> | undefined
  /** For throttled replies: seconds until a retry can succeed, sent as the Retry-After header. */
  readonly retryAfterSec: number | undefined
  /** The values of the message's placeholders (`{count}`), put in once it is translated. */
  readonly messageValues: MessageValues | undefined

  constructor(
    statusCode: number,
    message: string,
    options: {
      fieldErrors?: FieldErrors
      code?: number
      details?: Record<string, unknown>
      retryAfterSec?: number
      messageValues?: MessageValues
    } = {},
  ) {
    super(message)
    this.name = 'HttpError'
    this.statusCode = statusCode
    this.fieldErrors = options.fieldErrors
    this.code = options.code
    this.details = options.details
    this.retryAfterSec = options.retryAfterSec
    this.messageValues = options.messageValues
  }
}
