import { Trans } from '@lingui/react/macro'
import { useParams } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { languageOf } from '../../../contract/ui-languages'
import { Spinner } from '../../ui/spinner'
import { ConfirmCodeScreen } from './confirm-code-screen'
import { ContinueRegisterScreen } from './continue-register-screen'
import { CreateOrJoinScreen } from './create-or-join-screen'
import { FifthStepScreen } from './fifth-step-screen'
import { FirstStepScreen } from './first-step-screen'
import { FourthStepScreen } from './fourth-step-screen'
import { useOnboardingFlow } from './onboarding-context'
import { SecondStepScreen } from './second-step-screen'
import { ThirdStepScreen } from './third-step-screen'
import { WelcomeScreen } from './welcome-screen'

/**
 * The component of every onboarding route. The URL becomes an event for the machine (DESIGN.md,
 * "Flows and routes"); what shows is the machine's state, never the URL, so a screen the machine
 * has not allowed is not rendered while the bridge moves the visitor on.
 */
export function OnboardingStep() {
  const { actor } = useOnboardingFlow()
  const params = useParams({ strict: false }) as { lang?: string }
  const language = languageOf(params.lang)

  const shown = useSelector(actor, (snapshot) => {
    if (snapshot.matches('finishingSignedIn'))
      return snapshot.matches({ finishingSignedIn: 'failed' }) ? 'finishFailed' : 'busy'
    return snapshot.status === 'active' ? snapshot.context.shown : 'busy'
  })
  const busy = useSelector(actor, (snapshot) =>
    (['entering', 'restoring', 'routing', 'loadingInvites'] as const).some((state) =>
      snapshot.matches(state),
    ),
  )
  if (busy || shown === null || shown === 'busy') return <Spinner size="large" />

  switch (shown) {
    case 'first':
      return <FirstStepScreen language={language} />
    case 'confirm_code':
      return <ConfirmCodeScreen />
    case 'second':
      return <SecondStepScreen language={language} />
    case 'third':
      return <ThirdStepScreen language={language} />
    case 'fourth':
      return <FourthStepScreen language={language} />
    case 'fifth':
      return <FifthStepScreen language={language} />
    case 'create_or_join':
      return <CreateOrJoinScreen />
    case 'continue_register':
      return <ContinueRegisterScreen language={language} />
    case 'welcome':
      return <WelcomeScreen />
    case 'finishFailed':
      return (
        <section className="card auth-card" role="alert">
          <p>
            <Trans>Your company could not be set up. Please try again.</Trans>
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => actor.send({ type: 'finish.retried' })}
          >
            <Trans>Try again</Trans>
          </button>
        </section>
      )
    default:
      return <Spinner size="large" />
  }
}
