import type { FastifyRequest } from 'fastify'
import type { RightFlag } from '../../../contract/access/rights-catalogue'
import { loadMembership, type Membership } from '../../access/company-access'
import { requireAuth } from '../../http/authenticate'
import { HttpError } from '../../http/http-error'

/**
 * The membership check of routes whose company is not a path parameter (it comes from the body, the query or
 * the row the route is about). Not belonging to the company answers `notFoundMessage` with 404, exactly like a
 * row that does not exist, so that a foreign row is never confirmed; a missing flag answers 403.
 */
export async function requireCompanyMember(
  request: FastifyRequest,
  companyId: number,
  options: { flag?: RightFlag; notFoundMessage?: string } = {},
): Promise<Membership> {
  const membership = await loadMembership(request.server.db, requireAuth(request).userId, companyId)
  if (!membership) throw new HttpError(404, options.notFoundMessage ?? /*i18n*/ 'Company not found')
  if (options.flag) requireFlag(membership, options.flag)
  request.membership = membership
  return membership
}

/** 403 unless the member's rights include the flag. */
export function requireFlag(membership: Membership, flag: RightFlag): void {
  if (!membership.rights[flag]) throw new HttpError(403, /*i18n*/ 'You do not have access to this section')
}
