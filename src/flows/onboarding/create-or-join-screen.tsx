import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { usePageTitle } from '../../ui/page-title'
import { useInvites } from '../../api/onboarding/queries'
import { Spinner } from '../../ui/spinner'
import { useOnboardingFlow } from './onboarding-context'
import { StepCard } from './step-card'

/** /{lang}/onboarding/create_or_join/{id}: companies invited the confirmed phone or e-mail; join them or create one. */
export function CreateOrJoinScreen() {
  usePageTitle(msg`You have invitations`)
  const { actor } = useOnboardingFlow()
  const invites = useInvites().data
  if (!invites) return <Spinner size="large" />
  return (
    <StepCard titleId="create-or-join-title" title={<Trans>You have invitations</Trans>}>
      <ul className="invite-list">
        {invites.map((invite) => (
          <li key={invite.id}>
            <strong>{invite.company.title}</strong> <Trans>invited by {invite.inviter_name}</Trans>
          </li>
        ))}
      </ul>
      <div className="choice-actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => actor.send({ type: 'invites.accepted' })}
        >
          <Trans>Join</Trans>
        </button>
        <button type="button" className="button" onClick={() => actor.send({ type: 'company.chosen' })}>
          <Trans>Create my own company</Trans>
        </button>
      </div>
    </StepCard>
  )
}
