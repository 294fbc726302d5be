import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { companyRoles } from '../../../contract/access/role-presets'
import { ApiError } from '../../api/api-error'
import { useCompany } from '../../api/companies/companies'
import type { CompanyInvite } from '../../../contract/invites/schemas'
import { useCreateInvite } from '../../api/invites/invites'
import { languageOf } from '../../i18n/languages'
import { Spinner } from '../../ui/spinner'
import { roleLabel } from './role-label'

/** Roles an invitation may carry: every company role but owner, which only the registering person holds. */
const invitableRoles = companyRoles.filter((role) => role !== 'owner')

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

function InviteColleagueForm({ companyId }: { companyId: number }) {
  const { t, i18n } = useLingui()
  const createInvite = useCreateInvite(companyId)
  const [sent, setSent] = useState<{ contact: string; invite: CompanyInvite } | null>(null)
  const ids = { contact: useId(), contactError: useId(), role: useId(), roleError: useId() }
  const failure = createInvite.error instanceof ApiError ? createInvite.error : null
  const fieldErrors = failure?.details.fieldErrors ?? {}
  const contactError = fieldErrors.email?.[0] ?? fieldErrors.phone?.[0]
  const roleError = fieldErrors.role?.[0]
  const alert =
    createInvite.error && !contactError && !roleError
      ? (failure?.message ?? t`Something went wrong. Please try again.`)
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
        role: String(form.get('role') ?? '') as (typeof companyRoles)[number],
        lang: languageOf(i18n.locale),
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
    <section className="card" aria-labelledby="invite-colleague-title">
      <h2 id="invite-colleague-title">
        <Trans>Invite a colleague</Trans>
      </h2>
      <form noValidate onSubmit={onSubmit}>
        <div className="field">
          <label className="field__label" htmlFor={ids.contact}>
            <Trans>E-mail or phone</Trans>
          </label>
          <input
            id={ids.contact}
            name="contact"
            type="text"
            autoComplete="off"
            required
            aria-invalid={contactError ? true : undefined}
            aria-describedby={contactError ? ids.contactError : undefined}
          />
          {contactError ? (
            <p className="form-error" id={ids.contactError}>
              {contactError}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.role}>
            <Trans>Role</Trans>
          </label>
          <select
            id={ids.role}
            name="role"
            defaultValue="specialist"
            aria-invalid={roleError ? true : undefined}
            aria-describedby={roleError ? ids.roleError : undefined}
          >
            {invitableRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabel(i18n, role)}
              </option>
            ))}
          </select>
          {roleError ? (
            <p className="form-error" id={ids.roleError}>
              {roleError}
            </p>
          ) : null}
        </div>
        {alert ? (
          <p className="form-error" role="alert">
            {alert}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {busy ? <Spinner size="small" /> : null}
          <Trans>Send the invitation</Trans>
        </button>
      </form>
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
