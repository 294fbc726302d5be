import { Trans, useLingui } from '@lingui/react/macro'
import { goalListOf } from '../../../contract/onboarding/rules'
import { useOnboardingReferences } from '../../api/onboarding/queries'
import type { Language } from '../../i18n/languages'
import { Spinner } from '../../ui/spinner'
import { GoalChoices } from './goal-choices'
import { goalValues } from './payloads'
import { savedGoalsOf } from './saved-goals'
import { FormFailure, StepCard, SubmitButton } from './step-card'
import { useStep } from './use-step'

/** /{lang}/onboarding/fifth/{id}, newer table only: which of the goals the visitor needs first. */
export function FifthStepScreen({ language }: { language: Language }) {
  const { t } = useLingui()
  const step = useStep('fifth')
  const references = useOnboardingReferences(language).data
  if (!references) return <Spinner size="large" />
  return (
    <StepCard titleId="fifth-step-title" title={<Trans>What do you need first?</Trans>} step={step.position}>
      <form noValidate onSubmit={step.submit(goalValues)}>
        <GoalChoices
          ids={goalListOf('fifth')}
          purposes={references.purposes}
          saved={savedGoalsOf(step.saved, 'fifth').purposes}
          savedCustom={savedGoalsOf(step.saved, 'fifth').customPurpose}
          failure={step.failure}
        />
        <FormFailure failure={step.failure} id="fifth-step-error" />
        <SubmitButton busy={step.saving}>
          {step.saving ? <Spinner size="small" /> : null}
          {t`Finish`}
        </SubmitButton>
      </form>
    </StepCard>
  )
}
