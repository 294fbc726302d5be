import type { ReactNode } from 'react'
import type { StepFailure } from '../../../machines/onboarding'
import { FieldError, fieldErrorProps } from './step-card'

interface Option {
  id: number
  title: string
}

/** A set of radio buttons in a fieldset, announced with its legend and its error. */
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
  const { message } = fieldErrorProps(failure, name)
  return (
    <fieldset
      className="field choice"
      aria-describedby={message ? `${name}-error` : undefined}
      aria-invalid={message ? true : undefined}
    >
      <legend className="field__label">{legend}</legend>
      {options.map((option) => (
        <label key={option.id} className="choice__option">
          <input
            type="radio"
            name={name}
            value={option.id}
            defaultChecked={defaultValue === option.id}
            onChange={() => onChange?.(option.id)}
          />
          {option.title}
        </label>
      ))}
      <FieldError name={name} message={message} />
    </fieldset>
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
}: {
  name: string
  label: ReactNode
  options?: readonly Option[]
  defaultValue: number | null | undefined
  failure: StepFailure | null
  placeholder: string
  children?: ReactNode
}) {
  const { message, inputProps } = fieldErrorProps(failure, name)
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select name={name} defaultValue={defaultValue ?? ''} {...inputProps}>
        <option value="">{placeholder}</option>
        {options?.map((option) => (
          <option key={option.id} value={option.id}>
            {option.title}
          </option>
        ))}
        {children}
      </select>
      <FieldError name={name} message={message} />
    </label>
  )
}

/** A labelled text input with the server's message for it. */
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
  const { message, inputProps } = fieldErrorProps(failure, name)
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        name={name}
        type={type}
        defaultValue={defaultValue ?? ''}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        {...inputProps}
      />
      <FieldError name={name} message={message} />
    </label>
  )
}
