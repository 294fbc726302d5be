import type { InputHTMLAttributes, ReactNode } from 'react'
import { FieldError, useFieldIds } from './field-error'

type CheckboxProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'id' | 'aria-invalid' | 'aria-describedby'
> & {
  label: ReactNode
  error?: string | undefined
}

/**
 * A native checkbox with its label beside it: the box keeps its own size at the start of the line and the
 * label wraps under itself, so a long label reads as a sentence on a phone.
 */
export function Checkbox({ label, error, className, ...input }: CheckboxProps) {
  const { id, errorId, controlProps } = useFieldIds(error)
  return (
    <div className={className ? `check ${className}` : 'check'}>
      <input type="checkbox" className="check__box" {...input} {...controlProps} />
      <label className="check__label" htmlFor={id}>
        {label}
      </label>
      <FieldError id={errorId} message={error} />
    </div>
  )
}
