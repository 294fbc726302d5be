import * as v from 'valibot'
import { storableText } from '../storable-values'
import { secondFactorPayloadSchema } from './two-factor-schemas'

/** An account remembered on this device (GET /auth/fast_login_users): picking it fills in the login. */
export const fastLoginUserSchema = v.object({ token: v.string(), name: v.string(), login: v.string() })
export const fastLoginUsersSchema = v.array(fastLoginUserSchema)
export type FastLoginUser = v.InferOutput<typeof fastLoginUserSchema>

const opaqueTokenSchema = v.pipe(
  v.string(/*i18n*/ 'Missing token'),
  v.minLength(1, /*i18n*/ 'Missing token'),
  v.maxLength(256),
)

/** DELETE /auth/fast_login_user */
export const forgetFastLoginUserBodySchema = v.object({ token: opaqueTokenSchema })

/** The page flags (SPEC.md section 6) that may sign in as another user: the superuser and support staff. */
export const switchingPageFlags: readonly string[] = ['superuser', 'support_tech_user']

/**
 * GET /auth/switch_user/state: whether this session acts as its user for a support account (whose name
 * "Return to your account" goes back to), and whether the signed-in account may act as others.
 */
export const switchStateSchema = v.object({
  switched_from: v.nullable(v.object({ name: v.string() })),
  may_switch: v.boolean(),
})
export type SwitchState = v.InferOutput<typeof switchStateSchema>

/** POST /auth/switch_user/token: the superuser or support staff ask to act as a user. */
export const switchUserTokenBodySchema = v.object({
  user_id: v.pipe(
    v.number(/*i18n*/ 'Enter a user id'),
    v.integer(),
    v.minValue(1),
    v.maxValue(2_147_483_647),
  ),
})
export const switchUserTokenSchema = v.object({ token: v.string(), expires_in: v.number() })

/** GET /auth/switch_user/users?q=: the accounts support may act as, found by name, e-mail or phone. */
export const switchUserSearchSchema = v.object({
  q: v.pipe(
    v.string(/*i18n*/ 'Enter a name, e-mail or phone'),
    storableText(),
    v.trim(),
    v.minLength(2, /*i18n*/ 'Enter at least 2 characters'),
    v.maxLength(100, /*i18n*/ 'Enter at most 100 characters'),
  ),
})
export const switchCandidateSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
})
export const switchCandidatesSchema = v.array(switchCandidateSchema)
export type SwitchCandidate = v.InferOutput<typeof switchCandidateSchema>

/** POST /auth/switch_user */
export const switchUserBodySchema = v.object({
  token: opaqueTokenSchema,
  '2fa': v.optional(secondFactorPayloadSchema),
})

/** POST /auth/login/1 with a Facebook access token instead of a password. */
export const facebookSignInBodySchema = v.object({
  fb_token: v.pipe(v.string(), v.minLength(1, /*i18n*/ 'Missing Facebook token'), v.maxLength(4096)),
  email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254))),
  url: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  '2fa': v.optional(secondFactorPayloadSchema),
})
