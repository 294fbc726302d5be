/** The rules every confirmation code follows (DESIGN.md, "Server"). */
export const CODE_DIGITS = 6
/** A code is valid for 10 minutes after it is sent. */
export const CODE_TTL_SEC = 10 * 60
/** Wrong entries allowed before the code is dead (errors.code 2002). */
export const CODE_MAX_ATTEMPTS = 5
/** A new code may be asked for this long after the previous one (errors.code 1001 before that). */
export const CODE_RESEND_WAIT_SEC = 60

/** The message on `code` when what was typed cannot be a code at all (too short, letters). */
export const MALFORMED_CODE_MESSAGE = /*i18n*/ 'The code has 6 digits'

/** True for text that can be a code: exactly CODE_DIGITS digits. */
export const isWellFormedCode = (code: string) => new RegExp(`^\\d{${CODE_DIGITS}}$`).test(code.trim())
