import { useRef, type FormEvent, type FormHTMLAttributes, type ReactNode } from 'react'
import { useFocusFirstInvalid } from './focus-first-invalid'

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'noValidate' | 'onSubmit'> & {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  /** The form's current field errors: each new set moves focus to the first invalid control. */
  errors: unknown
  children: ReactNode
}

/**
 * A form that checks itself (the browser's bubbles are off: they are not translated and vanish) and sends
 * focus to the first invalid field after a refused submission.
 */
export function Form({ onSubmit, errors, children, ...rest }: FormProps) {
  const ref = useRef<HTMLFormElement>(null)
  useFocusFirstInvalid(ref, errors)
  return (
    <form ref={ref} noValidate onSubmit={onSubmit} {...rest}>
      {children}
    </form>
  )
}
