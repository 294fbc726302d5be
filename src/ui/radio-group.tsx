import type { ReactNode } from 'react'
import { ChoiceGroup } from './choice-group'

export interface ChoiceOption {
  id: number | string
  title: ReactNode
}

/** One answer out of several: native radio buttons in a fieldset, each with its label beside it. */
export function RadioGroup({
  name,
  legend,
  options,
  defaultValue,
  error,
  onChange,
}: {
  name: string
  legend: ReactNode
  options: readonly ChoiceOption[]
  defaultValue?: number | string | null | undefined
  error?: string | undefined
  onChange?: (id: ChoiceOption['id']) => void
}) {
  return (
    <ChoiceGroup legend={legend} error={error}>
      {(invalid) =>
        options.map((option, index) => (
          <label key={option.id} className="check">
            <input
              type="radio"
              className="check__box"
              name={name}
              value={option.id}
              defaultChecked={defaultValue === option.id}
              onChange={() => onChange?.(option.id)}
              {...(index === 0 ? invalid : {})}
            />
            <span className="check__label">{option.title}</span>
          </label>
        ))
      }
    </ChoiceGroup>
  )
}
