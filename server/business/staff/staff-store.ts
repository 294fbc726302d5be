import { and, asc, eq, ilike, inArray, isNotNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm'
import * as v from 'valibot'
import type {
  StaffNotifications,
  StaffNotificationsChange,
  StaffPatch,
  StaffQuickCreate,
} from '../../../contract/staff/schemas'
import { staffNotificationsSchema } from '../../../contract/staff/schemas'
import type { Database } from '../../db/database'
import { companies, companyUsers, positions, salarySettings, staff, users } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { requireCompanyRecordGroup } from '../record-groups/record-groups-store'
import { containsPattern } from './staff-filters'
import { loadEmployee, loadEmployees } from './employee-view'
import type { StaffRow } from './staff-scope'

const fieldError = (field: string, message: string) =>
  new HttpError(422, /*i18n*/ 'Validation failed', { fieldErrors: { [field]: [message] } })

/** 422 unless the position belongs to the company. */
export async function requireCompanyPosition(db: Database, companyId: number, positionId: number | null) {
  if (positionId === null) return
  const [row] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.id, positionId), eq(positions.companyId, companyId)))
  if (!row) throw fieldError('position_id', /*i18n*/ 'There is no such position in this company')
}

/** A new employee goes to the top of the list, above everyone sorted so far. */
export async function quickCreateStaff(db: Database, input: StaffQuickCreate) {
  await requireCompanyPosition(db, input.company_id, input.position_id)
  const [row] = await db
    .insert(staff)
    .values({
      companyId: input.company_id,
      name: input.name,
      specialization: input.specialization,
      positionId: input.position_id,
      weight: sql`(select coalesce(max(${staff.weight}), 0) + 1 from ${staff} where ${staff.companyId} = ${input.company_id})`,
    })
    .returning({ id: staff.id })
  return loadEmployee(db, input.company_id, row!.id)
}

/**
 * Orders the company's employees as listed: the first gets the highest weight. Every id must be an employee of
 * the company; employees left out keep their weights below the listed ones.
 */
export async function sortStaff(db: Database, companyId: number, ids: number[]) {
  const rows = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.companyId, companyId), inArray(staff.id, ids)))
  if (rows.length !== ids.length)
    throw fieldError('sort', /*i18n*/ 'must name only employees of this company')
  await db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ weight: 0 })
      .where(and(eq(staff.companyId, companyId), notInArray(staff.id, ids)))
    for (const [index, id] of ids.entries()) {
      await tx
        .update(staff)
        .set({ weight: ids.length - index })
        .where(and(eq(staff.id, id), eq(staff.companyId, companyId)))
    }
  })
  return loadEmployees(db, companyId, undefined, { includePosition: false })
}

/** Applies a PATCH: only the fields sent change; a linked user must be a member not linked to another employee. */
export async function patchStaff(db: Database, row: StaffRow, input: StaffPatch) {
  if (input.position_id !== undefined) await requireCompanyPosition(db, row.companyId, input.position_id)
  if (input.record_group_id !== undefined) {
    await requireCompanyRecordGroup(db, row.companyId, input.record_group_id)
  }
  if (input.user_id !== undefined && input.user_id !== null) {
    const [member] = await db
      .select({ id: companyUsers.id })
      .from(companyUsers)
      .where(and(eq(companyUsers.companyId, row.companyId), eq(companyUsers.userId, input.user_id)))
    if (!member) throw fieldError('user_id', /*i18n*/ 'This user is not a member of the company')
    const [taken] = await db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.companyId, row.companyId), eq(staff.userId, input.user_id), ne(staff.id, row.id)))
    if (taken) throw fieldError('user_id', /*i18n*/ 'This user is already linked to another employee')
  }
  const changes: Partial<typeof staff.$inferInsert> = {}
  if (input.name !== undefined) changes.name = input.name
  if (input.specialization !== undefined) changes.specialization = input.specialization
  if (input.information !== undefined) changes.information = input.information
  if (input.position_id !== undefined) changes.positionId = input.position_id
  if (input.record_group_id !== undefined) changes.recordGroupId = input.record_group_id
  if (input.hidden !== undefined) changes.hidden = input.hidden
  if (input.show_rating !== undefined) changes.showRating = input.show_rating
  if (input.bookable !== undefined) changes.bookable = input.bookable
  if (input.schedule_till !== undefined) changes.scheduleTill = input.schedule_till
  if (input.user_id !== undefined) changes.userId = input.user_id
  if (Object.keys(changes).length > 0) {
    await db.transaction(async (tx) => {
      // The group is locked while the member joins it, so that its deletion at the same moment cannot leave a
      // member in a deleted group (server/business/record-groups/record-groups-store.ts deleteRecordGroup).
      if (input.record_group_id !== undefined) {
        await requireCompanyRecordGroup(tx, row.companyId, input.record_group_id, 'record_group_id', true)
      }
      await tx.update(staff).set(changes).where(eq(staff.id, row.id))
    })
  }
  return loadEmployee(db, row.companyId, row.id)
}

/** The stored notification settings with the defaults filled in for anything never saved. */
export function notificationsOf(row: Pick<StaffRow, 'notifications'>): StaffNotifications {
  const parsed = v.safeParse(staffNotificationsSchema, row.notifications ?? {})
  return parsed.success ? parsed.output : v.parse(staffNotificationsSchema, {})
}

/**
 * Changes the settings sent and keeps the others, merged in the statement itself so that two switches saved at
 * once both stay changed. Answers the whole settings after the change.
 */
export async function saveNotifications(
  db: Database,
  row: StaffRow,
  change: StaffNotificationsChange,
): Promise<StaffNotifications> {
  const sent = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined))
  const [updated] = await db
    .update(staff)
    .set({
      notifications: sql`coalesce(${staff.notifications}, '{}'::jsonb) || ${JSON.stringify(sent)}::jsonb`,
    })
    .where(eq(staff.id, row.id))
    .returning({ notifications: staff.notifications })
  return notificationsOf(updated ?? row)
}

/** Working employees whose name or specialization contains the term, for pickers. */
export async function searchStaff(
  db: Database,
  companyId: number,
  term: string,
  limit: number,
  reachable?: SQL,
) {
  const pattern = containsPattern(term)
  return loadEmployees(
    db,
    companyId,
    and(
      reachable,
      eq(staff.fired, 0),
      eq(staff.deleted, 0),
      or(ilike(staff.name, pattern), ilike(staff.specialization, pattern)),
    ),
    { includePosition: false, limit },
  )
}

/** The company's members with the employee each is linked to, for linking an employee to an account. */
export async function listStaffUsers(db: Database, companyId: number) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      userRole: companyUsers.userRole,
      positionId: companyUsers.positionId,
      staffId: sql<
        number | null
      >`(select min(${staff.id}) from ${staff} where ${staff.companyId} = ${companyId} and ${staff.userId} = ${users.id} and ${staff.deleted} = 0)`,
    })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(eq(companyUsers.companyId, companyId))
    .orderBy(asc(users.name), asc(users.id))
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    user_role: row.userRole,
    position_id: row.positionId,
    staff_id: row.staffId === null ? null : Number(row.staffId),
  }))
}

/**
 * The salons from which the employee's linked user could be removed: those of the employee's chain (or just its
 * salon) where that user is a member and the asking user may delete employees.
 */
export async function removableSalons(
  db: Database,
  row: StaffRow,
  mayDeleteIn: (companyId: number) => Promise<boolean>,
) {
  if (row.userId === null) return []
  const [own] = await db
    .select({ mainGroupId: companies.mainGroupId })
    .from(companies)
    .where(eq(companies.id, row.companyId))
  const candidates = await db
    .select({ id: companies.id, title: companies.title })
    .from(companies)
    .innerJoin(companyUsers, eq(companyUsers.companyId, companies.id))
    .where(
      and(
        eq(companyUsers.userId, row.userId),
        ne(companyUsers.userRole, 'owner'),
        own?.mainGroupId == null
          ? eq(companies.id, row.companyId)
          : or(eq(companies.id, row.companyId), eq(companies.mainGroupId, own.mainGroupId)),
      ),
    )
    .orderBy(asc(companies.id))
  const result: { id: number; title: string }[] = []
  for (const candidate of candidates) {
    if (await mayDeleteIn(candidate.id)) result.push(candidate)
  }
  return result
}

/**
 * How many payroll schemes apply to the employee: a salary setting whose mode is not "none" is one scheme
 * (the payroll settings live with the company data, in the salary routes).
 */
export async function salarySchemesCount(db: Database, row: StaffRow): Promise<number> {
  const [result] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(salarySettings)
    .where(
      and(
        eq(salarySettings.companyId, row.companyId),
        eq(salarySettings.staffId, row.id),
        isNotNull(salarySettings.mode),
        ne(salarySettings.mode, 'none'),
      ),
    )
  return Number(result?.count ?? 0)
}
