import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { rolesInvitableWith, type InvitableRole } from '../../../contract/access/role-presets'
import { ApiError } from '../../api/api-error'
import { useCompany } from '../../api/companies/companies'
import type { CompanyInvite } from '../../../contract/invites/schemas'
import { useCreateInvite } from '../../api/invites/invites'
import { apiLanguageOf } from '../../../contract/ui-languages'
import { isUnownedFailure } from '../../api/unowned-failure'
import { serverFieldErrorTexts } from '../../ui/field-error-text'
import { Form } from '../../ui/form'
import { FormAlert } from '../../ui/form-alert'
import { SelectField } from '../../ui/select-field'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { roleLabel } from './role-label'

/**
 * "Invite a colleague" on the signed-in home, for members whose rights include users_invite_access
 * (GET /company/{id}/ answers them in `access`). One field takes a phone or an e-mail: the server sends the
 * link by SMS or e-mail accordingly. Outside production the answer also carries the link, shown here.
 */
export function InviteColleague({ companyId }: { companyId: number }) {
  const company = useCompany(companyId)
  if (!company.data?.access.users_invite_access) return null
  return <InviteColleagueForm companyId={companyId} />
}

/**
 * The invitation form. With `staffId` it invites the staff member who has no sign-in yet: whoever accepts
 * becomes that staff member's sign-in (the staff card uses it so).
 */
export function InviteColleagueForm({
  companyId,
  staffId,
  title = <Trans>Invite a colleague</Trans>,
}: {
  companyId: number
  staffId?: number
  title?: ReactNode
}) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  const createInvite = useCreateInvite(companyId)
  const company = useCompany(companyId)
  // Only the roles whose rights the sender holds in full: the server refuses the others.
  const roles = company.data ? rolesInvitableWith(company.data.access) : []
  const [sent, setSent] = useState<{ contact: string; invite: CompanyInvite } | null>(null)
  const failure = createInvite.error instanceof ApiError ? createInvite.error : null
  const errors = serverFieldErrorTexts(failure?.details.fieldErrors, failure?.details.fieldErrorKeys)
  // One field takes either contact, so the server's message on email or phone shows beside it.
  const contactError = errors.email ?? errors.phone ?? errors.contact
  const roleError = errors.role
  const alert =
    createInvite.error && !contactError && !roleError && !(failure && isUnownedFailure(failure))
      ? errors.staff_id
        ? t`This staff member already has a sign-in, or is no longer on the staff. Reload the card.`
        : failure?.status === 429
          ? t`Too many invitations for now. Please try again in an hour.`
          : t`The invitation could not be sent. Please try again.`
      : null
  const busy = createInvite.isPending

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const formElement = event.currentTarget
    const form = new FormData(formElement)
    const contact = String(form.get('contact') ?? '').trim()
    // An '@' makes it an e-mail; anything else is read as a phone number by the server.
    const channel = contact.includes('@') ? { email: contact } : { phone: contact }
    setSent(null)
    createInvite.mutate(
      {
        ...channel,
        role: String(form.get('role') ?? '') as InvitableRole,
        ...(staffId === undefined ? {} : { staff_id: staffId }),
        lang: apiLanguageOf(i18n.locale),
      },
      {
        onSuccess: (invite) => {
          setSent({ contact, invite })
          formElement.reset()
        },
      },
    )
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <Form errors={failure?.details.fieldErrors} onSubmit={onSubmit}>
        <TextField
          name="contact"
          label={<Trans>E-mail or phone</Trans>}
          autoComplete="off"
          required
          error={contactError}
        />
        <SelectField
          name="role"
          label={<Trans>Role</Trans>}
          defaultValue={roles.includes('specialist') ? 'specialist' : roles[0]}
          error={roleError}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {roleLabel(i18n, role)}
            </option>
          ))}
        </SelectField>
        <FormAlert>{alert}</FormAlert>
        <SubmitButton busy={busy}>
          <Trans>Send the invitation</Trans>
        </SubmitButton>
      </Form>
      <div role="status">
        {sent ? (
          <>
            <p>
              <Trans>Invitation sent to {sent.contact}.</Trans>
            </p>
            {sent.invite.dev_link ? (
              <p>
                <Trans>Development: no message leaves the server, so here is the link to pass on:</Trans>{' '}
                <a href={sent.invite.dev_link}>{sent.invite.dev_link}</a>
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </section>
  )
}
