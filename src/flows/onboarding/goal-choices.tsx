import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import type { StepFailure } from '../../../machines/onboarding'
import { needsCustomPurpose } from '../../../contract/onboarding/rules'
import type { TitledItem } from '../../../contract/onboarding/schemas'
import { FieldError, fieldErrorProps } from './step-card'
import { TextField } from './choice-fields'

/** Goal checkboxes from one list; choosing "other" asks what the goal is (SPEC.md section 4). */
export function GoalChoices({
  ids,
  purposes,
  saved,
  savedCustom,
  failure,
}: {
  ids: readonly number[]
  purposes: readonly TitledItem[]
  saved: readonly number[]
  savedCustom: string | null | undefined
  failure: StepFailure | null
}) {
  const [chosen, setChosen] = useState<number[]>(() => saved.filter((id) => ids.includes(id)))
  const { message } = fieldErrorProps(failure, 'purposes')
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((item) => item !== id)))
  return (
    <>
      <fieldset className="field choice" aria-describedby={message ? 'purposes-error' : undefined}>
        <legend className="field__label">
          <Trans>What do you want to do with the app?</Trans>
        </legend>
        {ids.map((id) => (
          <label key={id} className="choice__option">
            <input
              type="checkbox"
              name="purposes"
              value={id}
              checked={chosen.includes(id)}
              onChange={(event) => toggle(id, event.target.checked)}
            />
            {purposes.find((purpose) => purpose.id === id)?.title ?? id}
          </label>
        ))}
        <FieldError name="purposes" message={message} />
      </fieldset>
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
