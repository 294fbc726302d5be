import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { forgetLastInvite, lastInviteQueryOptions } from '../../api/invites/invites'

/** The last invitation this browser opened, so that a person who signs in first can still accept it. */
export function LastInviteBanner() {
  const queryClient = useQueryClient()
  const { data: invite } = useQuery(lastInviteQueryOptions())
  if (!invite) return null
  return (
    <aside className="card" role="note">
      <p>
        <Trans>
          {invite.name} invited you to join {invite.company_title}.
        </Trans>
      </p>
      <Link
        to="/{-$lang}/invite/{-$token}"
        params={{ token: invite.token }}
        className="button button--primary"
      >
        <Trans>Open the invitation</Trans>
      </Link>
      <button
        type="button"
        className="button"
        onClick={async () => {
          await forgetLastInvite()
          queryClient.setQueryData(lastInviteQueryOptions().queryKey, null)
        }}
      >
        <Trans>Dismiss</Trans>
      </button>
    </aside>
  )
}
