/**
 * The shapes the sign-in flows carry, as the machines need them. Machines stay independent of the app
 * (they import nothing from src/); the API contract in src/api/** produces values of these shapes, which the
 * type checker confirms where the app supplies the machines' actors.
 */

/** A sign-in waiting for its second factor (SPEC.md section 3, login confirmation session). */
export interface ConfirmationSession {
  uuid: string
  flow: 'login' | 'totp_setup' | 'switch_user'
  transport: { type: 'email' | 'sms' | 'totp'; recipient: string | null }
  refresh_ttl_sec: number
  attempts_left: number
}

export interface SecondFactorReply {
  login_confirmation_session: ConfirmationSession
}

/** The part of a token pair the flows pass on to the app. */
export interface SignedInReply {
  access_token: string
  user: { id: number; name: string }
  /** Where the user goes next, when the sign-in asked for it (POST /auth/login/1 with url). */
  redirect_url?: string | null
}

export interface TotpSetup {
  secret: string
  otpauth_url: string
  qr_code: string
}

export interface TotpConfirmed extends SignedInReply {
  recovery_codes: string[]
}

export interface CodeSent {
  channel: 'sms' | 'call' | 'email' | 'sms_vonage'
  wait_period: number
}

export interface InviteSummary {
  status: 'pending' | 'accepted' | 'expired' | 'revoked'
  company_title: string
  inviter_name: string
  email: string | null
  phone: string | null
}

export interface InviteRegistrationForm {
  name: string
  phone: string
  email: string
  password: string
  confirm_password: string
  oferta: true
  confidential: true
  info_notifications: boolean
}
