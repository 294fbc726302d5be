/**
 * The error codes that travel in `errors.code` of a failed reply (SPEC.md section 8), with the server's wording
 * for the confirmation-code errors. The one table: the server throws these, the API client and the flow machines
 * read them, and the screens turn each into one sentence (src/ui/code-failure-text.ts).
 */
export const ErrorCode = {
  /** The access token has expired; also "rate limit exceeded" when codes or requests come too often. */
  tokenExpiredOrRateLimited: 1001,
  /** The access token is missing, malformed, revoked or otherwise unusable. */
  tokenInvalid: 1002,
  /** A confirmation code that is wrong, expired or unknown. */
  invalidConfirmationCode: 2001,
  /** Every attempt of a confirmation code is used: only a new code helps. */
  confirmationAttemptsExceeded: 2002,
  /** A position that working employees or team members still hold cannot be deleted; errors.used_by names them. */
  positionInUse: 3001,
  /** An account that holds transactions cannot be deleted; errors.used_by says how many and their sum. */
  accountInUse: 3002,
  /** A company keeps at least one storage: its last one cannot be deleted. */
  lastStorage: 3003,
  /** Another live client of the company has this phone; errors.existing_client names them. */
  duplicateClientPhone: 3004,
  /**
   * The staff member or a resource instance is already booked at that time (a database constraint decided it, so
   * two bookings racing for one slot get one 201 and one 409); errors.conflict says which: staff or resource.
   */
  appointmentSlotTaken: 4001,
  /** The appointment's status cannot move to the one asked (machines/appointment-status.ts). */
  appointmentStatusForbidden: 4002,
  /** The day is outside the member's window for creating or changing appointments (the last-days limits). */
  appointmentOutsideWindow: 4003,
  /** A refund asks back more than the visit's payment still holds; errors.refundable says how much that is. */
  refundExceedsPayment: 4004,
} as const
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode]

/** The codes a confirmation-code failure carries, in the order of SPEC.md section 8. */
export const confirmationCodeErrorCodes = [
  ErrorCode.invalidConfirmationCode,
  ErrorCode.confirmationAttemptsExceeded,
  ErrorCode.tokenExpiredOrRateLimited,
] as const

/** The message the server sends with each confirmation-code error (SPEC.md section 8, "Confirmation-code errors"). */
export const confirmationCodeErrors = {
  invalid: { code: ErrorCode.invalidConfirmationCode, message: /*i18n*/ 'invalid confirmation code' },
  attemptsExhausted: { code: ErrorCode.confirmationAttemptsExceeded, message: /*i18n*/ 'limit exceeded' },
  sentTooOften: { code: ErrorCode.tokenExpiredOrRateLimited, message: /*i18n*/ 'limit exceeded' },
} as const

/** Whether a code concerns a confirmation code (the 2xxx range), as the sign-in failure classes count them. */
export function isConfirmationCodeError(code: number | undefined): boolean {
  return typeof code === 'number' && code >= 2000 && code < 3000
}
