import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ErrorCode } from '../../contract/error-codes'
import type { CallFailure } from '../../machines/call-failure'

/**
 * The one sentence every screen shows for a failed call, in the user's language (DESIGN.md, "One failure shape,
 * one text per error code"). The code errors of SPEC.md section 8 have their own words: 2001 the code is wrong
 * (with the attempts left when the server says), 2002 the code is used up, 1001 too many requests. Any other
 * failure shows the server's message for a field, else its message, else that something went wrong.
 */
export function codeFailureText(failure: CallFailure | null): string | null {
  if (!failure) return null
  switch (failure.code) {
    case ErrorCode.invalidConfirmationCode:
      return failure.attemptsLeft === undefined
        ? i18n._(msg`The code is wrong.`)
        : i18n._(msg`The code is wrong. Attempts left: ${failure.attemptsLeft}.`)
    case ErrorCode.confirmationAttemptsExceeded:
      return i18n._(msg`Limit exceeded: this code cannot be used any more. Ask for a new one.`)
    case ErrorCode.tokenExpiredOrRateLimited: {
      // A lock of minutes (too many wrong codes, too many codes) says how long; a short wait needs no number.
      const minutes = Math.ceil((failure.retryAfter ?? 0) / 60)
      return minutes > 1
        ? i18n._(msg`Too many attempts. Please try again in ${minutes} min.`)
        : i18n._(msg`Too many requests. Please wait and try again.`)
    }
  }
  const firstFieldError = Object.values(failure.fieldErrors)[0]?.[0]
  return firstFieldError ?? failure.message ?? i18n._(msg`Something went wrong. Please try again.`)
}
