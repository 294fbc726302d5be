import { isConfirmationCodeError, ErrorCode } from '../contract/error-codes'
import { callFailureOf } from './call-failure'

/** The failure classes that a failed sign-in is reported under (SPEC.md section 8, "Sign-in failure classes"). */
export type SignInFailureClass = 'two_factor_limit' | 'two_factor' | 'wrong_credentials' | 'network' | 'local'

/** Sorts a sign-in failure, read through the one failure reader, into the class that analytics tracks. */
export function classifySignInFailure(error: unknown): SignInFailureClass {
  const { status, code, isRequestError } = callFailureOf(error)
  if (code === ErrorCode.confirmationAttemptsExceeded) return 'two_factor_limit'
  if (isConfirmationCodeError(code)) return 'two_factor'
  if (status === 422) return 'wrong_credentials'
  if (isRequestError || status >= 400) return 'network'
  return 'local'
}
