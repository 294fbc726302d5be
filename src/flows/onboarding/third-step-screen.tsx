import { Trans, useLingui } from '@lingui/react/macro'
import { useBusinessGroups, useOnboardingReferences } from '../../api/onboarding/queries'
import type { Language } from '../../../contract/ui-languages'
import { Spinner } from '../../ui/spinner'
import { SelectField, TextField } from './choice-fields'
import { thirdStepValues } from './payloads'
import { msg } from '@lingui/core/macro'
import { Checkbox } from '../../ui/checkbox'
import { Form } from '../../ui/form'
import { usePageTitle } from '../../ui/page-title'
import { SubmitButton } from '../../ui/submit-button'
import { FormFailure, StepCard } from './step-card'
import { useStep } from './use-step'

/**
 * /{lang}/onboarding/third/{id}: the line of business and the team. An individual picks a business
 * group and is counted as one person who provides the services; a company picks its type and its
 * staff. The newer table asks for the company name here.
 */
export function ThirdStepScreen({ language }: { language: Language }) {
  const { t } = useLingui()
  const step = useStep('third')
  usePageTitle(msg`Your business`)
  const groups = useBusinessGroups(language).data
  const references = useOnboardingReferences(language).data
  if (!groups || !references) return <Spinner size="large" />
  const newer = step.variant === 'newer'

  return (
    <StepCard titleId="third-step-title" title={<Trans>Your business</Trans>} step={step.position}>
      <Form
        errors={step.failure?.fieldErrors}
        onSubmit={step.submit((form) => thirdStepValues(form, step.variant, step.individual))}
      >
        {newer ? (
          <TextField
            name="company_title"
            label={step.individual ? <Trans>Business name (optional)</Trans> : <Trans>Company name</Trans>}
            defaultValue={step.saved?.company_title}
            failure={step.failure}
            autoComplete="organization"
            autoFocus
          />
        ) : null}
        {step.individual ? (
          <SelectField
            name="business_group_id"
            label={<Trans>Line of business</Trans>}
            options={groups}
            defaultValue={step.saved?.business_group_id}
            failure={step.failure}
            placeholder={t`Choose`}
          />
        ) : (
          <>
            <SelectField
              name="business_type_id"
              label={<Trans>Type of business</Trans>}
              defaultValue={step.saved?.business_type_id}
              failure={step.failure}
              placeholder={t`Choose`}
            >
              {groups.map((group) => (
                <optgroup key={group.id} label={group.title}>
                  {group.types.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.title}
                    </option>
                  ))}
                </optgroup>
              ))}
            </SelectField>
            <SelectField
              name="staff_count"
              label={<Trans>How many people work with you?</Trans>}
              options={references.staff_counts}
              defaultValue={step.saved?.staff_count_id}
              failure={step.failure}
              placeholder={t`Choose`}
            />
            <Checkbox
              name="is_provide_services_by_myself"
              defaultChecked={step.saved?.is_provide_services_by_myself ?? false}
              label={<Trans>I provide services to clients myself</Trans>}
            />
          </>
        )}
        <FormFailure failure={step.failure} id="third-step-error" />
        <SubmitButton busy={step.saving}>{step.last ? t`Finish` : t`Next`}</SubmitButton>
      </Form>
    </StepCard>
  )
}
