import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import type {
  CompanyWorkingHours,
  CompanyWorkingHoursBody,
  StaffWorkingHours,
  StaffWorkingHoursBody,
} from '../../../contract/working-hours/schemas'
import { clockTimeOf, fullWeek, minutesOf, type WorkDay } from '../../../contract/working-hours/week'
import type { Database } from '../../db/database'
import { companies, staff, workingHours, workingWeeks } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import type { RecordChange } from '../change-log/request-audit'
import { EMPLOYEE_NOT_FOUND } from '../staff/staff-scope'

/** Whose week: a staff member's id, or null for the salon's own opening hours. */
type WeekOwner = number | null

/**
 * The weeks of a company that match `owners`, each as a full week Monday first with its stretches sorted. A week
 * that has been saved is in the map even when it holds no stretch (a staff member on leave); one never saved is
 * not. One statement reads headers and stretches together, so a write committing meanwhile is seen whole or not
 * at all.
 */
async function loadWeeks(db: Database, companyId: number, owners: SQL | undefined) {
  const rows = await db
    .select({
      staffId: workingWeeks.staffId,
      weekday: workingHours.weekday,
      startMinute: workingHours.startMinute,
      endMinute: workingHours.endMinute,
    })
    .from(workingWeeks)
    .leftJoin(workingHours, eq(workingHours.weekId, workingWeeks.id))
    .where(and(eq(workingWeeks.companyId, companyId), owners))
    .orderBy(asc(workingHours.weekday), asc(workingHours.startMinute))
  const weeks = new Map<WeekOwner, WorkDay[]>()
  for (const row of rows) {
    const days = weeks.get(row.staffId) ?? fullWeek([])
    weeks.set(row.staffId, days)
    if (row.weekday === null || row.startMinute === null || row.endMinute === null) continue
    days[row.weekday - 1]!.intervals.push({
      start: clockTimeOf(row.startMinute),
      end: clockTimeOf(row.endMinute),
    })
  }
  return weeks
}

const salonWeek = isNull(workingWeeks.staffId)

async function readSalonWeek(db: Database, companyId: number): Promise<CompanyWorkingHours> {
  const [company] = await db
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, companyId))
  const days = (await loadWeeks(db, companyId, salonWeek)).get(null)
  return { days: days ?? fullWeek([]), is_set: days !== undefined, timezone: company!.timezone }
}

/** GET /company/{company}/working_hours: the salon's opening hours, empty and `is_set: false` until saved. */
export const readCompanyWorkingHours = (db: Database, companyId: number) => readSalonWeek(db, companyId)

/** A staff member's week as the API answers it: their own, or else the salon's. */
function staffWeekOf(staffId: number, weeks: Map<WeekOwner, WorkDay[]>): StaffWorkingHours {
  const own = weeks.get(staffId)
  if (own) return { staff_id: staffId, follows_company: false, days: own }
  return { staff_id: staffId, follows_company: true, days: weeks.get(null) ?? fullWeek([]) }
}

/**
 * GET /company/{company}/staff_working_hours: every staff member who is neither fired nor deleted, in the order of
 * the staff list (highest weight first), with their own week or the salon's.
 */
export async function listStaffWorkingHours(db: Database, companyId: number): Promise<StaffWorkingHours[]> {
  const members = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.companyId, companyId), eq(staff.fired, 0), eq(staff.deleted, 0)))
    .orderBy(desc(staff.weight), asc(staff.id))
  const weeks = await loadWeeks(db, companyId, undefined)
  return members.map((member) => staffWeekOf(member.id, weeks))
}

async function readStaffWeek(db: Database, companyId: number, staffId: number) {
  return staffWeekOf(
    staffId,
    await loadWeeks(db, companyId, or(salonWeek, eq(workingWeeks.staffId, staffId))),
  )
}

/**
 * Makes `days` the whole week of one owner. The header is upserted first: the row lock that its insert or update
 * takes makes every other write of the same week wait until this transaction ends, so the old stretches are
 * deleted and the new ones inserted with nobody in between, and two saves at once never leave a mix of both
 * weeks. The unique header (company, staff or none) means two first saves still make one week.
 */
async function replaceWeek(tx: Database, companyId: number, owner: WeekOwner, days: readonly WorkDay[]) {
  const [week] = await tx
    .insert(workingWeeks)
    .values({ companyId, staffId: owner })
    .onConflictDoUpdate({
      target: [workingWeeks.companyId, workingWeeks.staffId],
      set: { updatedAt: sql`now()` },
    })
    .returning({ id: workingWeeks.id })
  const weekId = week!.id
  await tx
    .delete(workingHours)
    .where(and(eq(workingHours.companyId, companyId), eq(workingHours.weekId, weekId)))
  const stretches = days.flatMap((day) =>
    day.intervals.map((interval) => ({
      weekId,
      companyId,
      weekday: day.weekday,
      startMinute: minutesOf(interval.start),
      endMinute: minutesOf(interval.end),
    })),
  )
  if (stretches.length > 0) await tx.insert(workingHours).values(stretches)
}

/**
 * PUT /company/{company}/working_hours: replaces the salon's week (a weekday left out becomes a day off), with its
 * audit entry in the same transaction; answers the week as saved.
 */
export async function saveCompanyWorkingHours(
  db: Database,
  companyId: number,
  body: CompanyWorkingHoursBody,
  record: RecordChange,
): Promise<CompanyWorkingHours> {
  return db.transaction(async (tx) => {
    await replaceWeek(tx, companyId, null, body.days)
    await record(tx, { entity: 'working_hours', entityId: companyId, operation: 'updated', changes: body })
    // Read inside the transaction, which still holds the week's lock: the reply is this save, not a later one.
    return readSalonWeek(tx, companyId)
  })
}

/** 404 unless the staff member belongs to the company and is not deleted (another company's id included). */
async function requireStaffMember(tx: Database, companyId: number, staffId: number): Promise<void> {
  const [member] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.companyId, companyId), eq(staff.deleted, 0)))
  if (!member) throw new HttpError(404, EMPLOYEE_NOT_FOUND)
}

/**
 * PUT /company/{company}/staff/{staff}/working_hours: gives the staff member a week of their own; an empty one
 * is kept as a week without work (a leave), not as following the salon.
 */
export async function saveStaffWorkingHours(
  db: Database,
  companyId: number,
  staffId: number,
  body: StaffWorkingHoursBody,
  record: RecordChange,
): Promise<StaffWorkingHours> {
  return db.transaction(async (tx) => {
    await requireStaffMember(tx, companyId, staffId)
    await replaceWeek(tx, companyId, staffId, body.days)
    await record(tx, {
      entity: 'staff_working_hours',
      entityId: staffId,
      operation: 'updated',
      changes: body,
    })
    return readStaffWeek(tx, companyId, staffId)
  })
}

/**
 * DELETE /company/{company}/staff/{staff}/working_hours: drops the staff member's own week (its stretches go with
 * it), so they follow the salon's hours again. A member without a week of their own is left as they are, with no
 * audit entry, and the answer is the same.
 */
export async function dropStaffWorkingHours(
  db: Database,
  companyId: number,
  staffId: number,
  record: RecordChange,
): Promise<StaffWorkingHours> {
  return db.transaction(async (tx) => {
    await requireStaffMember(tx, companyId, staffId)
    const dropped = await tx
      .delete(workingWeeks)
      .where(and(eq(workingWeeks.companyId, companyId), eq(workingWeeks.staffId, staffId)))
      .returning({ id: workingWeeks.id })
    if (dropped.length > 0) {
      await record(tx, { entity: 'staff_working_hours', entityId: staffId, operation: 'deleted' })
    }
    return readStaffWeek(tx, companyId, staffId)
  })
}
