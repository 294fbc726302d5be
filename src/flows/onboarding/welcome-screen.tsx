import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { usePageTitle } from '../../ui/page-title'
import { useSelector } from '@xstate/react'
import { useOnboardingFlow } from './onboarding-context'
import { StepCard } from './step-card'

/** /{lang}/onboarding_individual/welcome/{id}: an individual practitioner's workspace is ready. */
export function WelcomeScreen() {
  usePageTitle(msg`Welcome`)
  const { actor } = useOnboardingFlow()
  const name = useSelector(actor, (snapshot) => snapshot.context.completion?.user?.name ?? '')
  return (
    <StepCard titleId="welcome-title" title={<Trans>Welcome, {name}!</Trans>}>
      <p>
        <Trans>
          Your workspace is ready. Add your services and working hours, and clients can book with you online.
        </Trans>
      </p>
      <button
        type="button"
        className="button button--primary"
        autoFocus
        onClick={() => actor.send({ type: 'welcome.continued' })}
      >
        <Trans>Start working</Trans>
      </button>
    </StepCard>
  )
}
