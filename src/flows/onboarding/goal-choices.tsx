import { Trans } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import type { StepFailure } from '../../../machines/onboarding'
import { needsCustomPurpose } from '../../../contract/onboarding/rules'
import type { TitledItem } from '../../../contract/onboarding/schemas'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { TextField } from './choice-fields'
import { fieldErrorOf } from './step-card'

/** Goal checkboxes from one list; choosing "other" asks what the goal is (SPEC.md section 4). */
export function GoalChoices({
  ids,
  purposes,
  saved,
  savedCustom,
  failure,
  legend,
}: {
  ids: readonly number[]
  purposes: readonly TitledItem[]
  saved: readonly number[]
  savedCustom: string | null | undefined
  failure: StepFailure | null
  legend: ReactNode
}) {
  const [chosen, setChosen] = useState<number[]>(() => saved.filter((id) => ids.includes(id)))
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((item) => item !== id)))
  return (
    <>
      <CheckboxGroup
        name="purposes"
        legend={legend}
        options={ids.map((id) => ({ id, title: purposes.find((purpose) => purpose.id === id)?.title ?? id }))}
        chosen={chosen}
        error={fieldErrorOf(failure, 'purposes')}
        onToggle={toggle}
      />
      {needsCustomPurpose(chosen) ? (
        <TextField
          name="custom_purpose"
          label={<Trans>Your goal</Trans>}
          defaultValue={savedCustom}
          failure={failure}
          autoFocus
        />
      ) : null}
    </>
  )
}
