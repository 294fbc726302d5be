import type { ReactNode } from 'react'
import { FieldError, useFieldIds } from './field-error'

/**
 * A fieldset of radio buttons or checkboxes: the legend names the question, and the error is announced
 * with the group. The first control carries aria-invalid too, so that focus can go to it on submit.
 */
export function ChoiceGroup({
  legend,
  error,
  children,
}: {
  legend: ReactNode
  error?: string | undefined
  children: (invalidProps: { 'aria-invalid': true | undefined }) => ReactNode
}) {
  const { errorId } = useFieldIds(error)
  return (
    <fieldset
      className="field choice"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field__label">{legend}</legend>
      {children({ 'aria-invalid': error ? true : undefined })}
      <FieldError id={errorId} message={error} />
    </fieldset>
  )
}
