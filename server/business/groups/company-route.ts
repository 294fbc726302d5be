import type { RightFlag } from '../../../contract/access/rights-catalogue'
import { requireCompanyAccess } from '../../access/company-access'
import { authenticate } from '../../http/authenticate'

/**
 * Route options of a call about one company: a signed-in member of the company named by `param` (else 404, so a
 * foreign company is never confirmed to exist) who holds `flag` (else 403).
 */
export function companyRoute(param: string, flag?: RightFlag) {
  return { preHandler: [authenticate, requireCompanyAccess(flag ? { param, flag } : { param })] }
}
