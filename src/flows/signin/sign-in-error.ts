import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ErrorCode } from '../../../contract/error-codes'
import { callFailureOf, type CallFailure } from '../../../machines/call-failure'
import { ApiError } from '../../api/api-error'

/**
 * Turns a failed sign-in call into the error the machine keeps, with a message in the user's language: the
 * replies we know have their own sentence; a lost connection keeps the client's own (translated) text; any
 * other reply, whose wording is the server's English, gets a general sentence (the error toast reports it).
 */
export function signInError(error: unknown): CallFailure | unknown {
  if (!(error instanceof ApiError)) return error
  // Past a sign-in limit the server may ask for a reCAPTCHA (422 on google_recaptcha_v2_token); this screen
  // shows no widget yet, so the user hears what a refusal would tell them.
  const needsRecaptcha = 'google_recaptcha_v2_token' in error.fieldErrors
  const message =
    error.status === 422 && error.code === undefined && !needsRecaptcha
      ? i18n._(msg`The login or password is incorrect.`)
      : error.status === 429 || needsRecaptcha || error.code === ErrorCode.confirmationAttemptsExceeded
        ? i18n._(msg`Too many attempts. Please wait a few minutes and try again.`)
        : error.isRequestError
          ? error.message
          : i18n._(msg`Signing in failed. Please try again.`)
  return { ...callFailureOf(error), message }
}
