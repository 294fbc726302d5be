import type { ReactNode } from 'react'
import type { StepFailure } from '../../../machines/onboarding'
import { RadioGroup } from '../../ui/radio-group'
import { SelectField as UiSelectField } from '../../ui/select-field'
import { TextField as UiTextField } from '../../ui/text-field'
import { fieldErrorOf } from './step-card'

interface Option {
  id: number
  title: string
}

/** A step's radio buttons, with the sentence for what the server refused. */
export function RadioChoice({
  name,
  legend,
  options,
  defaultValue,
  failure,
  onChange,
}: {
  name: string
  legend: ReactNode
  options: readonly Option[]
  defaultValue: number | null | undefined
  failure: StepFailure | null
  onChange?: (id: number) => void
}) {
  return (
    <RadioGroup
      name={name}
      legend={legend}
      options={options}
      defaultValue={defaultValue}
      error={fieldErrorOf(failure, name)}
      onChange={(id) => onChange?.(Number(id))}
    />
  )
}

/** A labelled select with an empty first choice, so that nothing is chosen for the visitor. */
export function SelectField({
  name,
  label,
  options,
  defaultValue,
  failure,
  placeholder,
  children,
  onChoose,
}: {
  name: string
  label: ReactNode
  options?: readonly Option[]
  defaultValue: number | null | undefined
  failure: StepFailure | null
  placeholder: string
  children?: ReactNode
  /** Told the chosen id (null for the placeholder) as the choice changes. */
  onChoose?: (id: number | null) => void
}) {
  return (
    <UiSelectField
      name={name}
      label={label}
      defaultValue={defaultValue ?? ''}
      error={fieldErrorOf(failure, name)}
      onChange={
        onChoose
          ? (event) => onChoose(event.target.value === '' ? null : Number(event.target.value))
          : undefined
      }
    >
      <option value="">{placeholder}</option>
      {options?.map((option) => (
        <option key={option.id} value={option.id}>
          {option.title}
        </option>
      ))}
      {children}
    </UiSelectField>
  )
}

/** A labelled text input with the sentence for what the server refused. */
export function TextField({
  name,
  label,
  defaultValue,
  failure,
  autoComplete,
  autoFocus,
  type = 'text',
}: {
  name: string
  label: ReactNode
  defaultValue?: string | null
  failure: StepFailure | null
  autoComplete?: string
  autoFocus?: boolean
  type?: string
}) {
  return (
    <UiTextField
      name={name}
      label={label}
      type={type}
      defaultValue={defaultValue ?? ''}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      error={fieldErrorOf(failure, name)}
    />
  )
}
