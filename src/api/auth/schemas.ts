import * as v from 'valibot'

/** A login is an e-mail or a phone; the server decides which by its shape. */
const loginSchema = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'Enter your e-mail or phone'),
  v.maxLength(254),
)
/** Bounds match the password policy: at most 128 characters are ever hashed. */
const passwordSchema = v.pipe(v.string(), v.minLength(1, 'Enter your password'), v.maxLength(128))

/** POST /auth */
export const signInBodySchema = v.object({
  login: loginSchema,
  password: passwordSchema,
})
export type SignInBody = v.InferOutput<typeof signInBodySchema>

/** POST /auth/login/1 */
export const signInWithUrlBodySchema = v.object({
  email: loginSchema,
  password: passwordSchema,
  url: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  '2fa': v.optional(v.record(v.string(), v.unknown())),
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
