import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { isIndividualPlaceCount } from '../../../contract/onboarding/rules'
import { isSignedInStatus } from '../../../machines/onboarding'
import type { QuestionnaireStep } from '../../../machines/onboarding-steps'
import { useProgress } from '../../api/onboarding/queries'
import { useOnboardingFlow } from './onboarding-context'
import { stepProgress } from './progress-view'

/** What every questionnaire screen reads: its state, the saved answers to prefill, and how to submit. */
export function useStep(step: QuestionnaireStep) {
  const { actor, table } = useOnboardingFlow()
  const saving = useSelector(actor, (snapshot) => snapshot.matches({ [step]: 'saving' } as never))
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure)
  const progressId = useSelector(actor, (snapshot) => snapshot.context.progress?.progressId ?? null)
  const placeCountId = useSelector(actor, (snapshot) => snapshot.context.progress?.placeCountId ?? null)
  const signedIn = useSelector(actor, (snapshot) => isSignedInStatus(snapshot.context.progress?.status))
  const saved = useProgress(progressId).data?.onboarding_progress
  const { last, ...position } = stepProgress(step, table.variant, signedIn)
  return {
    variant: table.variant,
    saving,
    failure,
    saved,
    individual: isIndividualPlaceCount(placeCountId),
    position,
    /** True on the last page the visitor fills in: its button finishes the registration. */
    last,
    submit: (build: (form: FormData) => Record<string, unknown>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      actor.send({ type: 'step.submitted', values: build(new FormData(event.currentTarget)) })
    },
  }
}
