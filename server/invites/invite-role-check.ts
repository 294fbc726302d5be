import { rolesInvitableWith } from '../../contract/access/role-presets'
import type { Membership } from '../access/company-access'
import { HttpError } from '../http/http-error'

/**
 * Refuses an invitation (sent or sent again) to a role with a right the sender does not hold: the role's rights
 * become the new member's, and nobody grants a right they do not have (server/business/rights/member-rights.ts).
 */
export function requireRoleWithinSender(sender: Membership, role: string): void {
  if ((rolesInvitableWith(sender.rights) as string[]).includes(role)) return
  throw new HttpError(422, /*i18n*/ 'Validation failed', {
    fieldErrors: { role: [/*i18n*/ 'This role has rights you do not have'] },
  })
}
