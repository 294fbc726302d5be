import * as v from 'valibot'
import { loginConfirmationSessionSchema, type LoginConfirmationSession } from '../../../contract/auth/schemas'

/** The login confirmation session survives a reload of /signin/2fa in this tab, and only there. */
const storageKey = 'login_confirmation_session'

export function keepTwoFactorSession(session: LoginConfirmationSession) {
  sessionStorage.setItem(storageKey, JSON.stringify(session))
}

/**
 * The kept session, or null when there is none or what is kept is not one. Where the browser refuses storage
 * the read throws, and the twoFactor machine's restore failure sends the user back to sign-in.
 */
export function readTwoFactorSession(): LoginConfirmationSession | null {
  const stored = sessionStorage.getItem(storageKey)
  try {
    const parsed = v.safeParse(loginConfirmationSessionSchema, JSON.parse(stored ?? 'null'))
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

export function forgetTwoFactorSession() {
  sessionStorage.removeItem(storageKey)
}
