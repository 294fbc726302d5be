import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { callFailureOf, type CallFailure } from '../../../machines/call-failure'
import { ApiError } from '../../api/api-error'

/**
 * Turns a failed sign-in call into the error the machine keeps, with a message in the user's
 * language for the replies we know, and the server's own text for the rest.
 */
export function signInError(error: unknown): CallFailure | unknown {
  if (!(error instanceof ApiError)) return error
  const message =
    error.status === 422 && error.code === undefined
      ? i18n._(msg`The login or password is incorrect.`)
      : error.status === 429
        ? i18n._(msg`Too many attempts. Please wait a few minutes and try again.`)
        : error.message
  return { ...callFailureOf(error), message }
}
