import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CallFailure } from '../../machines/call-failure'

/** What the code screens say about a failed call, in the user's language where we know the reply. */
export function codeFailureText(failure: CallFailure | null): string | null {
  if (!failure) return null
  if (failure.code === 2001) {
    return failure.attemptsLeft === undefined
      ? i18n._(msg`The code is wrong.`)
      : i18n._(msg`The code is wrong. Attempts left: ${failure.attemptsLeft}.`)
  }
  if (failure.code === 1001) return i18n._(msg`Too many requests. Please wait and try again.`)
  const firstFieldError = Object.values(failure.fieldErrors)[0]?.[0]
  return firstFieldError ?? failure.message ?? i18n._(msg`Something went wrong. Please try again.`)
}
