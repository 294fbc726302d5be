import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { useState } from 'react'
import { goalListOf } from '../../../contract/onboarding/rules'
import { RUSSIA_COUNTRY_ID } from '../../../contract/references/schemas'
import { useCountries, useOnboardingReferences } from '../../api/onboarding/queries'
import type { Language } from '../../../contract/ui-languages'
import { Spinner } from '../../ui/spinner'
import { CityField } from './city-field'
import { SelectField, TextField } from './choice-fields'
import { GoalChoices } from './goal-choices'
import { fourthStepValues } from './payloads'
import { Form } from '../../ui/form'
import { usePageTitle } from '../../ui/page-title'
import { SubmitButton } from '../../ui/submit-button'
import { savedGoalsOf } from './saved-goals'
import { FormFailure, StepCard } from './step-card'
import { useStep } from './use-step'

/**
 * /{lang}/onboarding/fourth/{id}. Older table: where the business is, how the visitor heard of us
 * and a promo code. Newer table: what the business wants to do (the goal list for its kind).
 */
export function FourthStepScreen({ language }: { language: Language }) {
  const { t } = useLingui()
  const step = useStep('fourth')
  usePageTitle(step.variant === 'newer' ? msg`Your goals` : msg`Where you work`)
  const references = useOnboardingReferences(language).data
  const countries = useCountries(language).data
  // The city is looked up within the country chosen above it.
  const [countryId, setCountryId] = useState<number | null>(step.saved?.country_id ?? RUSSIA_COUNTRY_ID)
  if (!references || !countries) return <Spinner size="large" />
  const newer = step.variant === 'newer'

  return (
    <StepCard
      titleId="fourth-step-title"
      title={newer ? <Trans>Your goals</Trans> : <Trans>Where you work</Trans>}
      step={step.position}
    >
      <Form
        errors={step.failure?.fieldErrors}
        onSubmit={step.submit((form) => fourthStepValues(form, step.variant))}
      >
        {newer ? (
          <GoalChoices
            ids={goalListOf('fourth')}
            legend={<Trans>What do you want to do with the app?</Trans>}
            purposes={references.purposes}
            saved={savedGoalsOf(step.saved, 'fourth').purposes}
            savedCustom={savedGoalsOf(step.saved, 'fourth').customPurpose}
            failure={step.failure}
          />
        ) : (
          <>
            <SelectField
              name="country_id"
              label={<Trans>Country</Trans>}
              options={countries}
              defaultValue={step.saved?.country_id ?? RUSSIA_COUNTRY_ID}
              failure={step.failure}
              placeholder={t`Choose`}
              onChoose={setCountryId}
            />
            <CityField key={countryId} language={language} countryId={countryId} failure={step.failure} />
            <SelectField
              name="referral_source"
              label={<Trans>How did you hear of us?</Trans>}
              options={references.referral_sources}
              defaultValue={step.saved?.referral_source_id}
              failure={step.failure}
              placeholder={t`Choose`}
            />
            <TextField
              name="promo_code"
              label={<Trans>Promo code, if you have one</Trans>}
              defaultValue={step.saved?.promo_code}
              failure={step.failure}
            />
          </>
        )}
        <FormFailure failure={step.failure} id="fourth-step-error" />
        <SubmitButton busy={step.saving}>{step.last ? t`Finish` : t`Next`}</SubmitButton>
      </Form>
    </StepCard>
  )
}
