import { useId } from 'react'

/** The ids that tie a control to its error, and the attributes that announce the control as invalid. */
export function useFieldIds(error: string | undefined) {
  const id = useId()
  const errorId = `${id}-error`
  return {
    id,
    errorId,
    controlProps: {
      id,
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': error ? errorId : undefined,
    },
  }
}

/** A field's error sentence, read by assistive technology through the control's aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <span id={id} className="field__error">
      {message}
    </span>
  )
}
