import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { goalListOf } from '../../../contract/onboarding/rules'
import { useOnboardingReferences } from '../../api/onboarding/queries'
import type { Language } from '../../../contract/ui-languages'
import { Spinner } from '../../ui/spinner'
import { GoalChoices } from './goal-choices'
import { goalValues } from './payloads'
import { Form } from '../../ui/form'
import { usePageTitle } from '../../ui/page-title'
import { SubmitButton } from '../../ui/submit-button'
import { savedGoalsOf } from './saved-goals'
import { FormFailure, StepCard } from './step-card'
import { useStep } from './use-step'

/** /{lang}/onboarding/fifth/{id}, newer table only: which of the goals the visitor needs first. */
export function FifthStepScreen({ language }: { language: Language }) {
  const { t } = useLingui()
  const step = useStep('fifth')
  usePageTitle(msg`What do you need first?`)
  const references = useOnboardingReferences(language).data
  if (!references) return <Spinner size="large" />
  return (
    <StepCard titleId="fifth-step-title" title={<Trans>What do you need first?</Trans>} step={step.position}>
      <Form errors={step.failure?.fieldErrors} onSubmit={step.submit(goalValues)}>
        <GoalChoices
          ids={goalListOf('fifth')}
          legend={<Trans>Which of these do you need first?</Trans>}
          purposes={references.purposes}
          saved={savedGoalsOf(step.saved, 'fifth').purposes}
          savedCustom={savedGoalsOf(step.saved, 'fifth').customPurpose}
          failure={step.failure}
        />
        <FormFailure failure={step.failure} id="fifth-step-error" />
        <SubmitButton busy={step.saving}>{step.last ? t`Finish` : t`Next`}</SubmitButton>
      </Form>
    </StepCard>
  )
}
