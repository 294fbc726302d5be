import { msg } from '@lingui/core/macro'
import type { I18n } from '@lingui/core'
import { codeErrors, type CodeFailure } from '../../../machines/confirmation-channel'

/**
 * The code errors of SPEC.md section 8 in the user's language: 2001 'invalid confirmation code',
 * 2002 and 1001 'limit exceeded'; any other failure says what the server said, or that it failed.
 */
export function codeFailureText(i18n: I18n, failure: CodeFailure): string {
  switch (failure.code) {
    case codeErrors.invalidCode:
      return failure.attemptsLeft === null
        ? i18n._(msg`Invalid confirmation code.`)
        : i18n._(msg`Invalid confirmation code. Attempts left: ${failure.attemptsLeft}.`)
    case codeErrors.attemptsExceeded:
      return i18n._(msg`Limit exceeded: this code cannot be used any more. Ask for a new one.`)
    case codeErrors.rateLimited:
      return i18n._(msg`Limit exceeded. Please wait before asking for another code.`)
    default:
      return failure.message ?? i18n._(msg`Something went wrong. Please try again.`)
  }
}
