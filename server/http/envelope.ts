import type { FieldErrors } from '../../contract/envelope'

/** The body of every successful reply. */
export function success<TData>(data: TData, meta: Record<string, unknown> = {}) {
  return { success: true as const, data, meta }
}

/**
 * The body of every failed reply; `code` goes to errors.code only when there is one, and `details` (such as
 * attempts_left of a confirmation code) travel beside it in errors.
 */
export function failure(
  message: string,
  options: { fieldErrors?: FieldErrors; code?: number; details?: Record<string, unknown> } = {},
) {
  return {
    success: false as const,
    data: null,
    meta: options.fieldErrors ? { message, errors: options.fieldErrors } : { message },
    ...(options.code !== undefined ? { errors: { ...options.details, code: options.code, message } } : {}),
  }
}
