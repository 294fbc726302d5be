import type { ReactNode, TextareaHTMLAttributes } from 'react'
import { FieldError, useFieldIds } from './field-error'

type TextAreaFieldProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'aria-invalid' | 'aria-describedby'
> & {
  label: ReactNode
  error?: string | undefined
}

/** A labelled native textarea with its error. */
export function TextAreaField({ label, error, ...textarea }: TextAreaFieldProps) {
  const { id, errorId, controlProps } = useFieldIds(error)
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea rows={3} {...textarea} {...controlProps} />
      <FieldError id={errorId} message={error} />
    </div>
  )
}
