import { Trans } from '@lingui/react/macro'
import type { CompanyWithAccess } from '../../../contract/companies/schemas'
import type { Employee } from '../../../contract/staff/schemas'
import { InviteColleagueForm } from '../overview/invite-colleague'

/**
 * Whose sign-in the staff member has: the linked user's name and contact; without one, those who may invite
 * colleagues invite the staff member to sign in, and whoever accepts becomes their sign-in.
 */
export function StaffSignIn(props: { company: CompanyWithAccess; employee: Employee }) {
  const { user } = props.employee
  if (user) {
    const contact = [user.email, user.phone ? `+${user.phone}` : null].filter(Boolean).join(', ')
    return (
      <section className="card" aria-labelledby="staff-sign-in-title">
        <h2 id="staff-sign-in-title">
          <Trans>Sign-in</Trans>
        </h2>
        <p>
          {contact ? (
            <Trans>
              Signs in as {user.name} ({contact}).
            </Trans>
          ) : (
            <Trans>Signs in as {user.name}.</Trans>
          )}
        </p>
      </section>
    )
  }
  if (!props.company.access.users_invite_access || props.employee.status !== 'active') return null
  return (
    <InviteColleagueForm
      companyId={props.company.id}
      staffId={props.employee.id}
      title={<Trans>Invite {props.employee.name} to sign in</Trans>}
    />
  )
}
