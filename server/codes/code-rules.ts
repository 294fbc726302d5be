/** The rules every confirmation code follows (DESIGN.md, "Server"). */
export const CODE_DIGITS = 6
/** A code is valid for 10 minutes after it is sent. */
export const CODE_TTL_SEC = 10 * 60
/** Wrong entries allowed before the code is dead (errors.code 2002). */
export const CODE_MAX_ATTEMPTS = 5
/** A new code may be asked for this long after the previous one (errors.code 1001 before that). */
export const CODE_RESEND_WAIT_SEC = 60
