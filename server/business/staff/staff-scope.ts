import { eq, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { RightFlag, Rights } from '../../../contract/access/rights-catalogue'
import type { Membership } from '../../access/company-access'
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
  // A member restricted to one staff member sees no other: the others answer like employees that do not exist.
  if (!mayReachEmployee(membership.rights, row.id)) throw new HttpError(404, EMPLOYEE_NOT_FOUND)
  return { row, membership }
}

/**
 * The limit "only one staff member" of the rights object (restricted_master_id): a member who holds it reaches
 * that employee alone, in lists and one by one.
 */
export const mayReachEmployee = (rights: Rights, staffId: number) =>
  rights.restricted_master_id === null || rights.restricted_master_id === staffId

/** The condition that narrows a staff list to the one employee a restricted member may see; none otherwise. */
export const reachableStaffCondition = (rights: Rights): SQL | undefined =>
  rights.restricted_master_id === null ? undefined : eq(staff.id, rights.restricted_master_id)
