import { useEffect, type RefObject } from 'react'

/**
 * Moves focus to the first control marked invalid in the form, so that a keyboard or screen-reader user lands
 * on what to fix. A fieldset is not focusable: its first control is used instead.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const invalid = form?.querySelector<HTMLElement>(
    'input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"]',
  )
  invalid?.focus()
}

/**
 * Focuses the first invalid control each time a new set of errors arrives (`errors` changes to a non-empty
 * value): after a refused submission, whether the client or the server found the problems.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, errors: unknown): void {
  useEffect(() => {
    if (!errors) return
    if (typeof errors === 'object' && Object.keys(errors).length === 0) return
    focusFirstInvalid(form.current)
  }, [form, errors])
}
