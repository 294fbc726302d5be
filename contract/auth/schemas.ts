import * as v from 'valibot'

/** A login is an e-mail or a phone; the server decides which by its shape. */
const loginSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, /*i18n*/ 'Enter your e-mail or phone'),
  v.maxLength(254),
)
/** Bounds match the password policy: at most 128 characters are ever hashed. */
const passwordSchema = v.pipe(v.string(), v.minLength(1, /*i18n*/ 'Enter your password'), v.maxLength(128))

/** Asked for only once a sign-in limit is reached and reCAPTCHA is configured (a need_recaptcha reply). */
const recaptchaTokenSchema = v.nullish(v.pipe(v.string(), v.maxLength(4096)))

/** POST /auth */
export const signInBodySchema = v.object({
  login: loginSchema,
  password: passwordSchema,
  google_recaptcha_v2_token: recaptchaTokenSchema,
})
export type SignInBody = v.InferOutput<typeof signInBodySchema>

/** POST /auth/login/1 */
export const signInWithUrlBodySchema = v.object({
  email: loginSchema,
  password: passwordSchema,
  url: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  '2fa': v.optional(v.record(v.string(), v.unknown())),
  google_recaptcha_v2_token: recaptchaTokenSchema,
})
export type SignInWithUrlBody = v.InferOutput<typeof signInWithUrlBodySchema>

/** POST /jwt/refresh: the browser sends the refresh token as an HttpOnly cookie; other clients in the body. */
export const refreshBodySchema = v.object({
  refresh_token: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(512))),
})
export type RefreshBody = v.InferOutput<typeof refreshBodySchema>

export const userSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  user_role: v.nullable(v.string()),
  /** Page flags (SPEC.md section 6): superuser, support_tech_user, top_user, translator. */
  page_flags: v.array(v.string()),
})
export type User = v.InferOutput<typeof userSchema>

/** What a successful sign-in or refresh answers. */
export const tokenPairSchema = v.object({
  access_token: v.string(),
  token_type: v.literal('Bearer'),
  /** Seconds until the access token expires. */
  expires_in: v.number(),
  refresh_token: v.string(),
  user: userSchema,
  /** Where the client should go next (POST /auth/login/1 echoes a safe same-origin url). */
  redirect_url: v.optional(v.nullable(v.string())),
})
export type TokenPair = v.InferOutput<typeof tokenPairSchema>

/** POST /auth/session */
export const sessionInfoSchema = v.object({
  session_id: v.string(),
  user: userSchema,
  expires_at: v.string(),
})
export type SessionInfo = v.InferOutput<typeof sessionInfoSchema>

/**
 * A sign-in waiting for its second factor (SPEC.md section 3, login confirmation session). transport says
 * where the code goes: 'email' or 'sms' with the recipient masked, or 'totp' (the authenticator app, no
 * recipient). refresh_ttl_sec counts down to when a new session (and code) may be asked for.
 */
export const loginConfirmationSessionSchema = v.object({
  uuid: v.string(),
  flow: v.picklist(['login', 'totp_setup', 'switch_user']),
  transport: v.object({
    type: v.picklist(['email', 'sms', 'totp']),
    recipient: v.nullable(v.string()),
  }),
  refresh_ttl_sec: v.number(),
  attempts_left: v.number(),
})
export type LoginConfirmationSession = v.InferOutput<typeof loginConfirmationSessionSchema>

/** The reply that asks for a second factor instead of answering tokens (status 202). */
export const secondFactorRequiredSchema = v.object({
  login_confirmation_session: loginConfirmationSessionSchema,
})
export type SecondFactorRequired = v.InferOutput<typeof secondFactorRequiredSchema>

/** Every successful sign-in reply: a token pair (201), or a second factor to confirm first (202). */
export const signInReplySchema = v.union([tokenPairSchema, secondFactorRequiredSchema])
export type SignInReply = v.InferOutput<typeof signInReplySchema>

/** True when a sign-in reply asks for a second factor rather than carrying tokens. */
export const needsSecondFactor = (reply: SignInReply): reply is SecondFactorRequired =>
  'login_confirmation_session' in reply

/**
 * errors.code of the "two-factor secret error" (SPEC.md section 8): the account must set up an authenticator
 * app before it can sign in. The reply (403) carries errors.login_confirmation_session with flow 'totp_setup'.
 */
export const TWO_FACTOR_SECRET_REQUIRED_CODE = 2003
