import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CallFailure } from '../../../machines/call-failure'
import { codeFailureText } from '../../ui/code-failure-text'

/**
 * The sentence for a refused step of signing in as someone, one per call and status: the server's wording never
 * reaches the screen, except the code errors, which have their own shared sentences.
 */
export function switchFailureText(failedCall: string | null, failure: CallFailure | null, name: string) {
  if (failure === null) return null
  if (failedCall === 'confirmSwitch' && failure.code !== undefined) return codeFailureText(failure)
  if (failedCall === 'requestSwitchToken') {
    if (failure.status === 403) return i18n._(msg`You may not sign in as ${name}.`)
    if (failure.status === 404) return i18n._(msg`${name}'s account no longer exists.`)
  }
  if (failure.status === 422 || failure.status === 410)
    return i18n._(msg`Signing in as ${name} took too long. Choose the account again.`)
  return i18n._(msg`Could not sign in as ${name}. Please try again.`)
}
