/** The failure classes that a failed sign-in is reported under (SPEC.md section 8, "Sign-in failure classes"). */
export type SignInFailureClass = 'two_factor_limit' | 'two_factor' | 'wrong_credentials' | 'network' | 'local'

/** What the machine needs to know about a rejected sign-in; the app's API errors carry these fields. */
export interface SignInFailureLike {
  /** HTTP status; 0 or absent when no reply arrived. */
  status?: number
  /** The error code from `errors.code`. */
  code?: number
  /** True when the request itself failed (network down, time-out, unreadable reply). */
  isRequestError?: boolean
}

const verificationCodeLimitExceeded = 2002
const isCodeRelated = (code: number) => code >= 2000 && code < 3000

/** Sorts a sign-in failure into the class that analytics tracks. */
export function classifySignInFailure(failure: unknown): SignInFailureClass {
  if (typeof failure !== 'object' || failure === null) return 'local'
  const { status, code, isRequestError } = failure as SignInFailureLike
  if (code === verificationCodeLimitExceeded) return 'two_factor_limit'
  if (typeof code === 'number' && isCodeRelated(code)) return 'two_factor'
  if (status === 422) return 'wrong_credentials'
  if (isRequestError === true || (typeof status === 'number' && status >= 400)) return 'network'
  return 'local'
}
