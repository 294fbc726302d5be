import type { InputHTMLAttributes, ReactNode, Ref } from 'react'
import { FieldError, useFieldIds } from './field-error'

type TextFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'aria-invalid' | 'aria-describedby'
> & {
  name?: string
  label: ReactNode
  /** The sentence that says what is wrong, already in the user's language. */
  error?: string | undefined
  /** A hint under the label, such as the expected shape. */
  hint?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/** A labelled native input with its error: the label is associated, the error is announced with the control. */
export function TextField({ label, error, hint, type = 'text', ...input }: TextFieldProps) {
  const { id, errorId, controlProps } = useFieldIds(error)
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : null, controlProps['aria-describedby']].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      <input
        type={type}
        {...input}
        {...controlProps}
        aria-describedby={describedBy === '' ? undefined : describedBy}
      />
      <FieldError id={errorId} message={error} />
    </div>
  )
}
