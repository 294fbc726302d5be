import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ErrorCode } from '../../../contract/error-codes'
import { ApiError } from '../../api/api-error'

/**
 * The one sentence a failed booking, move or status change shows: a time taken meanwhile (409, 4001), a status
 * the appointment cannot take any more (409, 4002), no reply, or else the server's own sentence, which it
 * translates (a day outside the member's window, 403 with 4003, says from which date on).
 */
export function bookFailureText(error: unknown, i18n: I18n): string {
  if (!(error instanceof ApiError)) return i18n._(msg`Something went wrong. Please try again.`)
  if (error.code === ErrorCode.appointmentSlotTaken) {
    return i18n._(msg`This time has just been taken. Choose another free time.`)
  }
  if (error.code === ErrorCode.appointmentStatusForbidden) {
    return i18n._(msg`The appointment has changed meanwhile. Close it and open it again.`)
  }
  if (error.isRequestError) return i18n._(msg`The server could not be reached. Please try again.`)
  return error.message
}
