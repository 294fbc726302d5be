import type { FailureEnvelope } from '../../contract/envelope'

const firstFieldError = (errors: unknown): string | undefined => {
  if (typeof errors !== 'object' || errors === null) return undefined
  for (const messages of Object.values(errors)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0]
    if (typeof messages === 'string') return messages
  }
  return undefined
}

/**
 * Picks a failure's message in the order of SPEC.md section 8: the reply's message string; else the
 * meta message or the first meta error; else the errors message; else the time-out text. Replies
 * from other systems carry only some of these keys, so each is checked for its type.
 */
export function failureMessage(body: FailureEnvelope | null | undefined, timeoutText: string): string {
  if (body && typeof body.message === 'string' && body.message !== '') return body.message
  const meta = body?.meta
  if (meta && !Array.isArray(meta)) {
    if (typeof meta.message === 'string' && meta.message !== '') return meta.message
    const fieldMessage = firstFieldError(meta.errors)
    if (fieldMessage) return fieldMessage
  }
  const errors = body?.errors
  if (errors && !Array.isArray(errors) && typeof errors.message === 'string' && errors.message !== '') {
    return errors.message
  }
  return timeoutText
}
