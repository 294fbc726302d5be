import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Codes sent by SMS, call or e-mail, and those of an authenticator app, have 6 digits (DESIGN.md, "Server"). */
export const CODE_LENGTH = 6

/** Spaces and dashes people type or paste inside a code are not part of it. */
export const normalizeCode = (code: string) => code.replace(/[\s-]/g, '')

/** A recovery code of the authenticator app: ten letters and digits, typed with or without its dash. */
const isRecoveryCode = (code: string) =>
  /^[a-z0-9]{10}$/i.test(normalizeCode(code)) && !/^\d+$/.test(normalizeCode(code))

/**
 * Why a typed code cannot be sent, as a sentence; undefined when it can. A code of the wrong length would
 * only use up one of the few attempts the server allows, so the client refuses it first.
 */
export function codeEntryError(
  code: string,
  options: { recoveryAllowed?: boolean } = {},
): string | undefined {
  const digits = normalizeCode(code)
  if (digits === '') return i18n._(msg`Enter the code.`)
  if (/^\d{6}$/.test(digits)) return undefined
  if (options.recoveryAllowed && isRecoveryCode(code)) return undefined
  return options.recoveryAllowed
    ? i18n._(msg`Enter the 6 digits from the app, or a recovery code such as k7m2p-x9qrt.`)
    : i18n._(msg`The code has 6 digits.`)
}
