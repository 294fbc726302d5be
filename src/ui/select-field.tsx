import type { ReactNode, SelectHTMLAttributes } from 'react'
import { FieldError, useFieldIds } from './field-error'

type SelectFieldProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'aria-invalid' | 'aria-describedby'
> & {
  name?: string
  label: ReactNode
  error?: string | undefined
  children: ReactNode
}

/** A labelled native select with its error. */
export function SelectField({ label, error, children, ...select }: SelectFieldProps) {
  const { id, errorId, controlProps } = useFieldIds(error)
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select {...select} {...controlProps}>
        {children}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  )
}
