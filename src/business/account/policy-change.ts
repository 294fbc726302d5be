import {
  policyRequiresRole,
  type CompanyTwoFactor,
  type CompanyTwoFactorMember,
  type TwoFactorPolicy,
} from '../../../contract/auth/two-factor-schemas'

/**
 * Whose sign-in a new policy changes: members who chose no second factor themselves and whom the new policy
 * covers but the current one does not (asked for a code from now on), and the reverse. Members who chose one
 * themselves keep it whatever the company's rule, so they are in neither list.
 */
export function policyChangeOf(
  policy: CompanyTwoFactor,
  next: TwoFactorPolicy,
): { newlyAsked: CompanyTwoFactorMember[]; noLongerAsked: CompanyTwoFactorMember[] } {
  const ownChoiceOff = policy.members.filter((member) => member.own_two_factor === 'off')
  const covered = (value: TwoFactorPolicy, member: CompanyTwoFactorMember) =>
    policyRequiresRole(value, member.role)
  return {
    newlyAsked: ownChoiceOff.filter(
      (member) => covered(next, member) && !covered(policy.required_for, member),
    ),
    noLongerAsked: ownChoiceOff.filter(
      (member) => !covered(next, member) && covered(policy.required_for, member),
    ),
  }
}
