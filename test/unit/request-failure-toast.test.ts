import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/api-error'
import { isUnownedFailure } from '../../src/api/unowned-failure'
import { showRequestFailureToast } from '../../src/ui/request-failure-toast'
import { toastStore } from '../../src/ui/toast-store'
import { activateLanguage } from '../../src/i18n/activate'

activateLanguage('en')

afterEach(() => toastStore.clear())

describe('error toasts for failures no screen owns', () => {
  it('reports no reply, server failures and unknown codes; leaves field and known-code failures to the screen', () => {
    expect(isUnownedFailure({ status: 0 })).toBe(true)
    expect(isUnownedFailure({ status: 503 })).toBe(true)
    expect(isUnownedFailure({ status: 400, code: 4242 })).toBe(true)
    expect(isUnownedFailure({ status: 422 })).toBe(false)
    expect(isUnownedFailure({ status: 422, code: 2001 })).toBe(false)
    expect(isUnownedFailure({ status: 429, code: 1001 })).toBe(false)
  })

  it('shows one error toast in the user’s words, however many calls fail the same way', () => {
    const failure = new ApiError('Internal Server Error', { status: 500, caption: 'db down' })
    showRequestFailureToast(failure)
    showRequestFailureToast(failure)
    const toasts = toastStore.snapshot()
    expect(toasts).toHaveLength(1)
    expect(toasts[0]).toMatchObject({
      kind: 'error',
      message: 'The server could not complete the request. Please try again in a moment.',
    })
  })

  it('keeps the client’s own text when no reply came', () => {
    showRequestFailureToast(
      new ApiError('The server did not answer in time. Please try again.', {
        status: 0,
        isRequestError: true,
      }),
    )
    expect(toastStore.snapshot()[0]?.message).toBe('The server did not answer in time. Please try again.')
  })
})
