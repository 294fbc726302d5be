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
  /**
   * For a form whose one alert speaks for several fields (sign-in: the server does not say whether the login
   * or the password is wrong): marks the field invalid and points it at that alert.
   */
  sharedError?: { id: string } | undefined
  ref?: Ref<HTMLInputElement>
}

/** A labelled native input with its error: the label is associated, the error is announced with the control. */
export function TextField({ label, error, hint, sharedError, type = 'text', ...input }: TextFieldProps) {
  const { id, errorId, controlProps } = useFieldIds(error)
  const hintId = `${id}-hint`
  const describedBy = [hint ? hintId : null, controlProps['aria-describedby'], sharedError?.id]
    .filter(Boolean)
    .join(' ')
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
        aria-invalid={controlProps['aria-invalid'] ?? (sharedError ? true : undefined)}
        aria-describedby={describedBy === '' ? undefined : describedBy}
      />
      <FieldError id={errorId} message={error} />
    </div>
  )
}
