import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { CompanyInvite } from '../../../contract/invites/schemas'
import type { ApiError } from '../../api/api-error'
import { useCompany } from '../../api/companies/companies'
import { useCompanyInvites, useResendInvite, useWithdrawInvite } from '../../api/invites/invites'
import { apiLanguageOf } from '../../../contract/ui-languages'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { Spinner } from '../../ui/spinner'
import { showToast } from '../../ui/toast-store'
import { LoadFailure } from '../shell/load-failure'
import { roleLabel } from './role-label'

/**
 * The company's invitations under "Invite a colleague", for members who may invite: who was invited as what,
 * who sent it and when, and whether it is still open; an open one can be sent again (a new link replaces the
 * old) or withdrawn, an expired one sent again.
 */
export function CompanyInvites({ companyId }: { companyId: number }) {
  const company = useCompany(companyId)
  if (!company.data?.access.users_invite_access) return null
  return <InvitesCard companyId={companyId} />
}

function InvitesCard({ companyId }: { companyId: number }) {
  const invites = useCompanyInvites(companyId)
  return (
    <section className="card" aria-labelledby="company-invites-title">
      <h2 id="company-invites-title">
        <Trans>Invitations</Trans>
      </h2>
      {invites.isPending ? (
        <Spinner size="medium" />
      ) : invites.isError ? (
        <LoadFailure onRetry={() => void invites.refetch()}>
          <Trans>The invitations could not be loaded.</Trans>
        </LoadFailure>
      ) : invites.data.length === 0 ? (
        <p className="empty-state">
          <Trans>No one has been invited yet. The invitations you send appear here.</Trans>
        </p>
      ) : (
        <ul className="invite-list">
          {invites.data.map((invite) => (
            <InviteRow key={invite.id} companyId={companyId} invite={invite} />
          ))}
        </ul>
      )}
    </section>
  )
}

/** One invitation: whom, as what, its state, who sent it; sent again or withdrawn while it is open. */
export function InviteRow({ companyId, invite }: { companyId: number; invite: CompanyInvite }) {
  const { t, i18n } = useLingui()
  const [confirming, setConfirming] = useState(false)
  const resend = useResendInvite(companyId)
  const withdraw = useWithdrawInvite(companyId)
  const contact = invite.email ?? invite.phone ?? ''
  const role = roleLabel(i18n, invite.role)
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(iso))
  const sentOn = date(invite.created_at)
  const validUntil = date(invite.expires_at)
  const sender = invite.invited_by_name
  const status = {
    pending: t`Waiting, valid until ${validUntil}`,
    accepted: t`Accepted`,
    expired: t`Expired on ${validUntil}`,
    revoked: t`Withdrawn`,
  }[invite.status]
  const failed = (error: unknown) => showRequestFailureToast(error as ApiError)
  const titleId = `invite-${invite.id}`

  return (
    <li className="invite-row" aria-labelledby={titleId}>
      <p className="invite-row__who">
        <strong id={titleId}>{contact}</strong> · {role}
      </p>
      <p className="invite-row__status">{status}</p>
      <p className="invite-row__sent">
        <Trans>
          Sent by {sender} on {sentOn}
        </Trans>
      </p>
      {confirming ? (
        <div className="confirm" role="alertdialog" aria-label={t`Withdraw the invitation of ${contact}`}>
          <p>
            <Trans>Withdraw the invitation of {contact}? The link in their message stops working.</Trans>
          </p>
          <button
            type="button"
            className="button button--danger"
            disabled={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(invite.id, {
                onSuccess: () => {
                  setConfirming(false)
                  showToast('success', t`The invitation of ${contact} is withdrawn.`)
                },
                onError: failed,
              })
            }
          >
            <Trans>Withdraw</Trans>
          </button>
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      ) : invite.status === 'pending' || invite.status === 'expired' ? (
        <div className="invite-row__actions">
          <button
            type="button"
            className="button button--small"
            aria-label={t`Send again to ${contact}`}
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(
                { inviteId: invite.id, lang: apiLanguageOf(i18n.locale) },
                {
                  onSuccess: () => showToast('success', t`A new invitation link was sent to ${contact}.`),
                  onError: failed,
                },
              )
            }
          >
            <Trans>Send again</Trans>
          </button>
          {invite.status === 'pending' ? (
            <button
              type="button"
              className="button button--small"
              aria-label={t`Withdraw the invitation of ${contact}`}
              onClick={() => setConfirming(true)}
            >
              <Trans>Withdraw</Trans>
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}
