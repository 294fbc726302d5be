import { and, eq, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { RightFlag, Rights } from '../../../contract/access/rights-catalogue'
import type { Membership } from '../../access/company-access'
import type { Database } from '../../db/database'
import { staff } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { requireCompanyMember } from '../rights/member-access'

export const EMPLOYEE_NOT_FOUND = /*i18n*/ 'Employee not found'

export type StaffRow = typeof staff.$inferSelect

/**
 * Paths such as /staff/{id} name no company: the company is read from the employee's row and the user must
 * belong to it. An employee of another company answers 404 exactly like one that does not exist (tenant
 * isolation); with `flag`, a member without it gets 403. `writable` also refuses deleted employees with 404,
 * since only restoring may touch them.
 */
export async function loadStaffForRequest(
  request: FastifyRequest,
  staffId: number,
  options: { flag?: RightFlag; writable?: boolean } = {},
): Promise<{ row: StaffRow; membership: Membership }> {
  const [row] = await request.server.db.select().from(staff).where(eq(staff.id, staffId))
  if (!row) throw new HttpError(404, EMPLOYEE_NOT_FOUND)
  const membership = await requireCompanyMember(request, row.companyId, {
    notFoundMessage: EMPLOYEE_NOT_FOUND,
    ...(options.flag ? { flag: options.flag } : {}),
  })
  if (options.writable && row.deleted === 1) throw new HttpError(404, EMPLOYEE_NOT_FOUND)
  // A member restricted to one staff member or one group sees no other: the others answer like employees that do
  // not exist.
  if (!mayReachEmployee(membership.rights, row)) throw new HttpError(404, EMPLOYEE_NOT_FOUND)
  return { row, membership }
}

/**
 * The limits "only one staff member" (restricted_master_id) and "only one appointment group"
 * (restricted_record_group_id) of the rights object: a member who holds one reaches only that employee, or only
 * the employees of that group, in lists and one by one. When both are set, both apply.
 */
export const mayReachEmployee = (rights: Rights, employee: Pick<StaffRow, 'id' | 'recordGroupId'>) =>
  (rights.restricted_master_id === null || rights.restricted_master_id === employee.id) &&
  (rights.restricted_record_group_id === null || rights.restricted_record_group_id === employee.recordGroupId)

/** The condition that narrows a staff list to the employees a restricted member may see; none otherwise. */
export const reachableStaffCondition = (rights: Rights): SQL | undefined =>
  and(
    rights.restricted_master_id === null ? undefined : eq(staff.id, rights.restricted_master_id),
    rights.restricted_record_group_id === null
      ? undefined
      : eq(staff.recordGroupId, rights.restricted_record_group_id),
  )

/**
 * Whether a member reaches one staff member by id under those limits (an appointment's, a working week's):
 * without a limit, always; with one, when the staff member's row meets it.
 */
export async function mayReachStaff(db: Database, rights: Rights, staffId: number): Promise<boolean> {
  const limit = reachableStaffCondition(rights)
  if (!limit) return true
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), limit))
  return row !== undefined
}
