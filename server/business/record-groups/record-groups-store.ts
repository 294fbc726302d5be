import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Rights } from '../../../contract/access/rights-catalogue'
import type { RecordGroup, RecordGroupBody } from '../../../contract/record-groups/schemas'
import type { Database } from '../../db/database'
import { recordGroups, staff } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import { isUniqueViolation } from '../positions/unique-violation'
import { reachableStaffCondition } from '../staff/staff-scope'

export const RECORD_GROUP_NOT_FOUND = /*i18n*/ 'Appointment group not found'

const duplicateTitle = () =>
  new HttpError(422, VALIDATION_FAILED_MESSAGE, {
    fieldErrors: { title: [/*i18n*/ 'A group with this title already exists'] },
  })

/**
 * The company's live appointment groups, alphabetically, each with its working staff members by name. A member
 * limited to one group sees that group alone, and a member limited to one staff member sees only that member in it.
 */
export async function listRecordGroups(
  db: Database,
  companyId: number,
  rights: Rights,
  ids?: number[],
): Promise<RecordGroup[]> {
  const only = rights.restricted_record_group_id
  const groups = await db
    .select({ id: recordGroups.id, title: recordGroups.title })
    .from(recordGroups)
    .where(
      and(
        eq(recordGroups.companyId, companyId),
        eq(recordGroups.deleted, 0),
        only === null ? undefined : eq(recordGroups.id, only),
        ids ? inArray(recordGroups.id, ids.length > 0 ? ids : [0]) : undefined,
      ),
    )
    .orderBy(asc(recordGroups.title), asc(recordGroups.id))
  if (groups.length === 0) return []
  const members = await db
    .select({ id: staff.id, name: staff.name, groupId: staff.recordGroupId })
    .from(staff)
    .where(
      and(
        eq(staff.companyId, companyId),
        inArray(
          staff.recordGroupId,
          groups.map((group) => group.id),
        ),
        eq(staff.fired, 0),
        eq(staff.deleted, 0),
        reachableStaffCondition(rights),
      ),
    )
    .orderBy(asc(staff.name), asc(staff.id))
  return groups.map((group) => ({
    id: group.id,
    title: group.title,
    staff: members
      .filter((member) => member.groupId === group.id)
      .map((member) => ({ id: member.id, name: member.name })),
  }))
}

async function findRecordGroup(
  db: Database,
  companyId: number,
  rights: Rights,
  id: number,
): Promise<RecordGroup> {
  const [group] = await listRecordGroups(db, companyId, rights, [id])
  if (!group) throw new HttpError(404, RECORD_GROUP_NOT_FOUND)
  return group
}

/** POST /company/{id}/record_groups: a new, empty group; 422 when a live group has the title already. */
export async function createRecordGroup(
  db: Database,
  companyId: number,
  rights: Rights,
  input: RecordGroupBody,
): Promise<RecordGroup> {
  try {
    const [row] = await db
      .insert(recordGroups)
      .values({ companyId, title: input.title })
      .returning({ id: recordGroups.id })
    return await findRecordGroup(db, companyId, rights, row!.id)
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTitle()
    throw error
  }
}

/** PUT /company/{id}/record_groups/{groupId}: a new title; 404 for a deleted group or another company's. */
export async function renameRecordGroup(
  db: Database,
  companyId: number,
  rights: Rights,
  id: number,
  input: RecordGroupBody,
): Promise<RecordGroup> {
  await findRecordGroup(db, companyId, rights, id)
  try {
    await db
      .update(recordGroups)
      .set({ title: input.title })
      .where(and(eq(recordGroups.id, id), eq(recordGroups.companyId, companyId)))
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTitle()
    throw error
  }
  return findRecordGroup(db, companyId, rights, id)
}

/**
 * DELETE /company/{id}/record_groups/{groupId}: the group is marked deleted and its staff members are left
 * without a group. The row stays, so a member's rights that still name it keep reading as that group (and
 * reach no staff member, rather than everyone) until the owner chooses again.
 */
export async function deleteRecordGroup(
  db: Database,
  companyId: number,
  rights: Rights,
  id: number,
): Promise<void> {
  await findRecordGroup(db, companyId, rights, id)
  await db.transaction(async (tx) => {
    // Locked first: a staff member joining the group at this moment either waits and finds it deleted, or has
    // joined and is taken out below.
    await tx
      .select({ id: recordGroups.id })
      .from(recordGroups)
      .where(and(eq(recordGroups.id, id), eq(recordGroups.companyId, companyId)))
      .for('update')
    await tx
      .update(staff)
      .set({ recordGroupId: null })
      .where(and(eq(staff.companyId, companyId), eq(staff.recordGroupId, id)))
    await tx
      .update(recordGroups)
      .set({ deleted: 1 })
      .where(and(eq(recordGroups.id, id), eq(recordGroups.companyId, companyId)))
  })
}

/**
 * 422 on `field` unless the id names a live appointment group of the company; null (no group) passes. With
 * `lock`, the group's row stays share-locked until the caller's transaction ends, so a deletion waits for it.
 */
export async function requireCompanyRecordGroup(
  db: Database,
  companyId: number,
  groupId: number | null,
  field = 'record_group_id',
  lock = false,
): Promise<void> {
  if (groupId === null) return
  const query = db
    .select({ id: recordGroups.id })
    .from(recordGroups)
    .where(
      and(eq(recordGroups.id, groupId), eq(recordGroups.companyId, companyId), eq(recordGroups.deleted, 0)),
    )
  const [row] = lock ? await query.for('share') : await query
  if (!row) {
    throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
      fieldErrors: { [field]: [/*i18n*/ 'There is no such appointment group in this company'] },
    })
  }
}
