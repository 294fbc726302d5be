import { Trans } from '@lingui/react/macro'
import type { CompanyWithAccess } from '../../../contract/companies/schemas'
import type { Employee } from '../../../contract/staff/schemas'
import { useCompanyInvites } from '../../api/invites/invites'
import { InviteRow } from '../overview/company-invites'
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
    <>
      <OpenInvites companyId={props.company.id} staffId={props.employee.id} />
      <InviteColleagueForm
        companyId={props.company.id}
        staffId={props.employee.id}
        title={<Trans>Invite {props.employee.name} to sign in</Trans>}
      />
    </>
  )
}

/**
 * The invitations already sent to sign in as this member and not accepted: shown so that nobody sends a second
 * one unawares; each can be sent again or withdrawn, as on the overview. Read with the card (its loader).
 */
function OpenInvites({ companyId, staffId }: { companyId: number; staffId: number }) {
  const invites = useCompanyInvites(companyId)
  const open = (invites.data ?? []).filter(
    (invite) => invite.staff_id === staffId && (invite.status === 'pending' || invite.status === 'expired'),
  )
  if (open.length === 0) return null
  return (
    <section className="card" aria-labelledby="staff-invites-title">
      <h2 id="staff-invites-title">
        <Trans>Invitations</Trans>
      </h2>
      <ul className="invite-list">
        {open.map((invite) => (
          <InviteRow key={invite.id} companyId={companyId} invite={invite} />
        ))}
      </ul>
    </section>
  )
}
