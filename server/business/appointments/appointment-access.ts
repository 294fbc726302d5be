import type { Rights } from '../../../contract/access/rights-catalogue'
import { ErrorCode } from '../../../contract/error-codes'
import { nextDate, wallClockOf } from '../../../contract/zoned-time'
import type { Membership } from '../../access/company-access'
import { HttpError } from '../../http/http-error'

export const APPOINTMENT_NOT_FOUND = /*i18n*/ 'Appointment not found'

/**
 * The limit "only one staff member" (restricted_master_id): such a member sees and changes that staff member's
 * appointments alone; another's answers 404 as if it did not exist.
 */
export const mayReachStaff = (rights: Rights, staffId: number) =>
  rights.restricted_master_id === null || rights.restricted_master_id === staffId

/**
 * The last-days windows: with a limit of N days a member may create (or change) appointments whose day, in the
 * company's time zone, is today minus N or later; 0 means today and later, null no limit. The future is always
 * open. 403 with code 4003 otherwise.
 */
export function requireWithinWindow(
  membership: Membership,
  limit: 'create_records_last_days_count' | 'edit_records_last_days_count',
  startAt: Date,
  timeZone: string,
  now = new Date(),
): void {
  const days = membership.rights[limit]
  if (days === null) return
  const today = wallClockOf(now, timeZone).date
  const earliest = nextDate(today, -days)
  if (wallClockOf(startAt, timeZone).date < earliest) {
    const message =
      limit === 'create_records_last_days_count'
        ? /*i18n*/ 'You may create appointments from {date} on only'
        : /*i18n*/ 'You may change appointments from {date} on only'
    throw new HttpError(403, message, {
      messageValues: { date: earliest },
      code: ErrorCode.appointmentOutsideWindow,
      details: { earliest_date: earliest },
    })
  }
}
