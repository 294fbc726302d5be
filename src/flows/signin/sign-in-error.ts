import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ErrorCode } from '../../../contract/error-codes'
import { callFailureOf, type CallFailure } from '../../../machines/call-failure'
import { RECAPTCHA_FIELD } from '../../../machines/sign-in'
import { ApiError } from '../../api/api-error'

/**
 * Turns a failed sign-in call into the error the machine keeps, with a message in the user's language: the
 * replies we know have their own sentence; a lost connection keeps the client's own (translated) text; any
 * other reply, whose wording is the server's English, gets a general sentence (the error toast reports it).
 */
export function signInError(error: unknown): CallFailure | unknown {
  if (!(error instanceof ApiError)) return error
  // Past a sign-in limit the server may ask for a robot check (422 on google_recaptcha_v2_token): the screen
  // then shows one, and the message says what to do with it.
  const needsRecaptcha = RECAPTCHA_FIELD in error.fieldErrors
  const message = needsRecaptcha
    ? i18n._(msg`Too many attempts. Confirm that you are not a robot, then sign in again.`)
    : error.status === 422 && error.code === undefined
      ? i18n._(msg`The login or password is incorrect.`)
      : error.status === 429 || error.code === ErrorCode.confirmationAttemptsExceeded
        ? i18n._(msg`Too many attempts. Please wait a few minutes and try again.`)
        : error.isRequestError
          ? error.message
          : i18n._(msg`Signing in failed. Please try again.`)
  return { ...callFailureOf(error), message }
}
