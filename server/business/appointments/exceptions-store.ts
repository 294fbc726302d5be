import { and, asc, eq, gte, lte } from 'drizzle-orm'
import type { WorkingHoursException } from '../../../contract/appointments/schemas'
import { dayProblems, sortedIntervals, type WorkInterval } from '../../../contract/working-hours/week'
import type { Database } from '../../db/database'
import { staff, workingHoursExceptions } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import type { RecordChange } from '../change-log/request-audit'
import { EMPLOYEE_NOT_FOUND } from '../staff/staff-scope'

const present = (row: { staffId: number; date: string; intervals: unknown }): WorkingHoursException => ({
  staff_id: row.staffId,
  date: row.date,
  intervals: row.intervals as WorkInterval[],
})

/** GET /company/{id}/working_hours_exceptions?from&to: every changed day of the span, by date then staff. */
export async function listExceptions(db: Database, companyId: number, from: string, to: string) {
  const rows = await db
    .select()
    .from(workingHoursExceptions)
    .where(
      and(
        eq(workingHoursExceptions.companyId, companyId),
        gte(workingHoursExceptions.date, from),
        lte(workingHoursExceptions.date, to),
      ),
    )
    .orderBy(asc(workingHoursExceptions.date), asc(workingHoursExceptions.staffId))
  return rows.map(present)
}

async function requireStaffMember(tx: Database, companyId: number, staffId: number): Promise<void> {
  const [member] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.companyId, companyId), eq(staff.deleted, 0)))
  if (!member) throw new HttpError(404, EMPLOYEE_NOT_FOUND)
}

/**
 * PUT /company/{id}/staff/{staffId}/working_hours_exceptions/{date}: the day's own hours (none for a day off),
 * in place of the week's. One statement upserts the row, so two saves at once leave one of them whole.
 */
export async function saveException(
  db: Database,
  companyId: number,
  staffId: number,
  date: string,
  intervals: WorkInterval[],
  record: RecordChange,
): Promise<WorkingHoursException> {
  const [problem] = dayProblems(intervals)
  if (problem) {
    throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
      fieldErrors: { intervals: [/*i18n*/ 'must be stretches that end after they start and do not overlap'] },
    })
  }
  const sorted = sortedIntervals(intervals)
  return db.transaction(async (tx) => {
    await requireStaffMember(tx, companyId, staffId)
    const [row] = await tx
      .insert(workingHoursExceptions)
      .values({ companyId, staffId, date, intervals: sorted })
      .onConflictDoUpdate({
        target: [workingHoursExceptions.staffId, workingHoursExceptions.date],
        set: { intervals: sorted, updatedAt: new Date() },
      })
      .returning()
    await record(tx, {
      entity: 'working_hours_exception',
      entityId: row!.id,
      operation: 'updated',
      changes: { staff_id: staffId, date, intervals: sorted },
    })
    return present(row!)
  })
}

/** DELETE of the same path: the day follows the week again. Answers null either way. */
export async function dropException(
  db: Database,
  companyId: number,
  staffId: number,
  date: string,
  record: RecordChange,
): Promise<null> {
  return db.transaction(async (tx) => {
    await requireStaffMember(tx, companyId, staffId)
    const dropped = await tx
      .delete(workingHoursExceptions)
      .where(
        and(
          eq(workingHoursExceptions.companyId, companyId),
          eq(workingHoursExceptions.staffId, staffId),
          eq(workingHoursExceptions.date, date),
        ),
      )
      .returning({ id: workingHoursExceptions.id })
    if (dropped[0]) {
      await record(tx, {
        entity: 'working_hours_exception',
        entityId: dropped[0].id,
        operation: 'deleted',
        changes: { staff_id: staffId, date },
      })
    }
    return null
  })
}
