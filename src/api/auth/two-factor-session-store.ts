import * as v from 'valibot'
import { loginConfirmationSessionSchema, type LoginConfirmationSession } from './schemas'

/** The login confirmation session survives a reload of /signin/2fa in this tab, and only there. */
const storageKey = 'login_confirmation_session'

export function keepTwoFactorSession(session: LoginConfirmationSession) {
  sessionStorage.setItem(storageKey, JSON.stringify(session))
}

export function readTwoFactorSession(): LoginConfirmationSession | null {
  try {
    const parsed = v.safeParse(
      loginConfirmationSessionSchema,
      JSON.parse(sessionStorage.getItem(storageKey) ?? 'null'),
    )
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

export function forgetTwoFactorSession() {
  sessionStorage.removeItem(storageKey)
}
