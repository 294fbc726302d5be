import * as v from 'valibot'
import { loginConfirmationSessionSchema, tokenPairSchema } from './schemas'

const uuidSchema = v.pipe(v.string(/*i18n*/ 'Missing session'), v.uuid(/*i18n*/ 'Unknown session'))

/** A code typed by the user: 6 digits (e-mail or app), or a recovery code (letters, digits and a dash). */
const codeSchema = v.pipe(
  v.string(/*i18n*/ 'Enter the code'),
  v.trim(),
  v.minLength(1, /*i18n*/ 'Enter the code'),
  v.maxLength(32, /*i18n*/ 'The code is too long'),
)

/** POST /user/2fa/session/refresh */
export const twoFactorRefreshBodySchema = v.object({ uuid: uuidSchema })

/** POST /user/2fa/session/verify */
export const twoFactorVerifyBodySchema = v.object({
  uuid: uuidSchema,
  code: codeSchema,
})
export type TwoFactorVerifyBody = v.InferOutput<typeof twoFactorVerifyBodySchema>

/** The `2fa` member accepted by POST /auth/login/1 and POST /auth/switch_user. */
export const secondFactorPayloadSchema = v.object({ uuid: uuidSchema, code: codeSchema })

/** The reply of POST /user/2fa/session/refresh: the session that replaces the old one. */
export const twoFactorSessionReplySchema = v.object({
  login_confirmation_session: loginConfirmationSessionSchema,
})

/** POST /user/2fa/totp/setup: the secret to put in the authenticator app. */
export const totpSetupBodySchema = v.object({ uuid: uuidSchema })
export const totpSetupReplySchema = v.object({
  /** Base32, for typing into the app by hand. */
  secret: v.string(),
  otpauth_url: v.string(),
  /** The otpauth URL as an SVG QR code (a data: URL), for scanning. */
  qr_code: v.string(),
})
export type TotpSetupReply = v.InferOutput<typeof totpSetupReplySchema>

/** POST /user/2fa/totp/confirm */
export const totpConfirmBodySchema = v.object({ uuid: uuidSchema, code: codeSchema })

/** GET and PUT /user/2fa: the signed-in user's own second-factor setting. */
export const twoFactorSettingSchema = v.object({
  two_factor: v.picklist(['off', 'email', 'totp']),
  /** True when a company of the user requires a second factor, so 'off' still means an e-mail code. */
  required_by_company: v.boolean(),
  totp_configured: v.boolean(),
})
export type TwoFactorSetting = v.InferOutput<typeof twoFactorSettingSchema>

export const twoFactorSettingBodySchema = v.object({
  two_factor: v.picklist(['off', 'email', 'totp'], /*i18n*/ 'Choose off, email or totp'),
  /** The current password: changing how an account is protected needs it. */
  password: v.pipe(
    v.string(/*i18n*/ 'Enter your password'),
    v.minLength(1, /*i18n*/ 'Enter your password'),
    v.maxLength(128),
  ),
  /** Sign out everywhere else: every other session of the account ends once the change is saved. */
  end_other_sessions: v.optional(v.boolean(/*i18n*/ 'Must be true or false'), false),
})

/**
 * Who of a company's members must sign in with a second factor: nobody, the owners and managers (members whose
 * role is owner or manager), or everyone.
 */
export const twoFactorPolicies = ['nobody', 'managers', 'everyone'] as const
export type TwoFactorPolicy = (typeof twoFactorPolicies)[number]

/** The roles the 'managers' policy covers: those who can change rights, money and the team. */
export const managerRoles = ['owner', 'manager'] as const

/** Whether a company's policy requires a second factor of a member with this role. */
export const policyRequiresRole = (policy: TwoFactorPolicy, role: string) =>
  policy === 'everyone' || (policy === 'managers' && (managerRoles as readonly string[]).includes(role))

/** PUT /company/{id}/security/two_factor */
export const companyTwoFactorBodySchema = v.object({
  required_for: v.picklist(twoFactorPolicies, /*i18n*/ 'Choose nobody, managers or everyone'),
})

/** A member as the policy sees them: their role and the second factor they chose themselves. */
export const companyTwoFactorMemberSchema = v.object({
  user_id: v.number(),
  name: v.string(),
  role: v.string(),
  own_two_factor: v.picklist(['off', 'email', 'totp']),
})
export type CompanyTwoFactorMember = v.InferOutput<typeof companyTwoFactorMemberSchema>

/** GET and PUT /company/{id}/security/two_factor: the policy and the members it can reach. */
export const companyTwoFactorSchema = v.object({
  required_for: v.picklist(twoFactorPolicies),
  members: v.array(companyTwoFactorMemberSchema),
})
export type CompanyTwoFactor = v.InferOutput<typeof companyTwoFactorSchema>

/** The reply of POST /user/2fa/totp/confirm: signed in, plus the recovery codes, shown this once only. */
export const totpConfirmReplySchema = v.object({
  ...tokenPairSchema.entries,
  recovery_codes: v.array(v.string()),
})
export type TotpConfirmReply = v.InferOutput<typeof totpConfirmReplySchema>
