import { and, eq, inArray, type Column, type SQL } from 'drizzle-orm'
import type { Rights } from '../../../contract/access/rights-catalogue'
import { ErrorCode } from '../../../contract/error-codes'
import {
  earliestRecordDate,
  insideRecordWindow,
  type RecordWindow,
} from '../../../contract/appointments/record-windows'
import { wallClockOf } from '../../../contract/zoned-time'
import type { Membership } from '../../access/company-access'
import type { Database } from '../../db/database'
import { staff } from '../../db/schema'
import { HttpError } from '../../http/http-error'

export const APPOINTMENT_NOT_FOUND = /*i18n*/ 'Appointment not found'

/**
 * The limits "only one staff member" and "only one appointment group" (see mayReachStaff in staff-scope.ts) as a
 * condition on a column holding a staff member's id (an appointment's staff_id): none for a member without them.
 */
export function reachableStaffIdCondition(
  db: Database,
  rights: Rights,
  staffIdColumn: Column,
): SQL | undefined {
  const group = rights.restricted_record_group_id
  return and(
    rights.restricted_master_id === null ? undefined : eq(staffIdColumn, rights.restricted_master_id),
    group === null
      ? undefined
      : inArray(staffIdColumn, db.select({ id: staff.id }).from(staff).where(eq(staff.recordGroupId, group))),
  )
}

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
