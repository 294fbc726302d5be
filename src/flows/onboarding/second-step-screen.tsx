import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { useSessionActor } from '../../app/session-context'
import { isIndividualPlaceCount } from '../../../contract/onboarding/rules'
import { useOnboardingReferences } from '../../api/onboarding/queries'
import type { Language } from '../../../contract/ui-languages'
import { Spinner } from '../../ui/spinner'
import { CityField } from './city-field'
import { RadioChoice, TextField } from './choice-fields'
import { secondStepValues } from './payloads'
import { msg } from '@lingui/core/macro'
import { Form } from '../../ui/form'
import { usePageTitle } from '../../ui/page-title'
import { SubmitButton } from '../../ui/submit-button'
import { FormFailure, StepCard } from './step-card'
import { useStep } from './use-step'

/**
 * /{lang}/onboarding/second/{id}: who the visitor is and how big the business is. An individual
 * practitioner (place count 3) is the owner and names no company; the newer table asks for the city
 * and a promo code here and the company name on the next step.
 */
export function SecondStepScreen({ language }: { language: Language }) {
  const { t } = useLingui()
  const step = useStep('second')
  usePageTitle(step.variant === 'newer' ? msg`Tell us about yourself` : msg`About you and your business`)
  const references = useOnboardingReferences(language).data
  const [placeCount, setPlaceCount] = useState<number | null>(step.saved?.place_count_id ?? null)
  // A signed-in visitor's account already has a name: it is offered rather than asked again.
  const session = useSessionActor()
  const accountName = useSelector(session, (snapshot) => snapshot.context.user?.name ?? undefined)
  const individual = isIndividualPlaceCount(placeCount)
  if (!references) return <Spinner size="large" />
  const newer = step.variant === 'newer'

  return (
    <StepCard
      titleId="second-step-title"
      title={newer ? <Trans>Tell us about yourself</Trans> : <Trans>About you and your business</Trans>}
      step={step.position}
    >
      <Form
        errors={step.failure?.fieldErrors}
        onSubmit={step.submit((form) => secondStepValues(form, step.variant, individual))}
      >
        <TextField
          name="name"
          label={<Trans>Your name</Trans>}
          defaultValue={step.saved?.name ?? accountName}
          failure={step.failure}
          autoComplete="name"
          autoFocus
        />
        <RadioChoice
          name="place_count"
          legend={<Trans>How many places do you have?</Trans>}
          options={references.place_counts}
          defaultValue={placeCount}
          failure={step.failure}
          onChange={setPlaceCount}
        />
        {!newer && !individual ? (
          <TextField
            name="company_title"
            label={<Trans>Company name</Trans>}
            defaultValue={step.saved?.company_title}
            failure={step.failure}
            autoComplete="organization"
          />
        ) : null}
        {!individual ? (
          <RadioChoice
            name="position"
            legend={<Trans>Your position</Trans>}
            options={references.positions}
            defaultValue={step.saved?.position}
            failure={step.failure}
          />
        ) : null}
        {newer ? (
          <>
            <CityField language={language} countryId={null} failure={step.failure} />
            <TextField
              name="promo_code"
              label={<Trans>Promo code, if you have one</Trans>}
              defaultValue={step.saved?.promo_code}
              failure={step.failure}
            />
          </>
        ) : null}
        <FormFailure failure={step.failure} id="second-step-error" />
        <SubmitButton busy={step.saving}>{step.last ? t`Finish` : t`Next`}</SubmitButton>
      </Form>
    </StepCard>
  )
}
