import type { ReactNode } from 'react'
import { ChoiceGroup } from './choice-group'
import type { ChoiceOption } from './radio-group'

/** Several answers out of a list: native checkboxes in a fieldset, controlled by the list of chosen ids. */
export function CheckboxGroup<TId extends number | string>({
  name,
  legend,
  options,
  chosen,
  error,
  onToggle,
}: {
  name: string
  legend: ReactNode
  options: readonly (ChoiceOption & { id: TId })[]
  chosen: readonly TId[]
  error?: string | undefined
  onToggle: (id: TId, on: boolean) => void
}) {
  return (
    <ChoiceGroup legend={legend} error={error}>
      {(invalid) =>
        options.map((option, index) => (
          <label key={option.id} className="check">
            <input
              type="checkbox"
              className="check__box"
              name={name}
              value={option.id}
              checked={chosen.includes(option.id)}
              onChange={(event) => onToggle(option.id, event.target.checked)}
              {...(index === 0 ? invalid : {})}
            />
            <span className="check__label">{option.title}</span>
          </label>
        ))
      }
    </ChoiceGroup>
  )
}
