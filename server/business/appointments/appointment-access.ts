import type { Rights } from '../../../contract/access/rights-catalogue'
import { ErrorCode } from '../../../contract/error-codes'
import {
  earliestRecordDate,
  insideRecordWindow,
  type RecordWindow,
} from '../../../contract/appointments/record-windows'
import { wallClockOf } from '../../../contract/zoned-time'
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
 * The last-days windows (contract/appointments/record-windows.ts) on the company's clock: 403 with code 4003
 * for an appointment whose day lies before the member's window.
 */
export function requireWithinWindow(
  membership: Membership,
  limit: RecordWindow,
  startAt: Date,
  timeZone: string,
  now = new Date(),
): void {
  const earliest = earliestRecordDate(membership.rights, limit, wallClockOf(now, timeZone).date)
  if (earliest !== undefined && !insideRecordWindow(earliest, wallClockOf(startAt, timeZone).date)) {
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
