import * as v from 'valibot'
import { invitableRoles } from '../access/role-presets'
import {
  confirmPasswordSchema,
  newPasswordSchema,
  passwordsMatch,
  PASSWORDS_DIFFER_MESSAGE,
} from '../auth/password-policy'
import { int4Schema } from '../storable-values'

/** An invitation's e-mail: the rule every form that sends one checks before the call. */
export const inviteEmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(254, /*i18n*/ 'Too long'),
  v.email(/*i18n*/ 'Enter a valid e-mail'),
)
/** An invitation's phone: 5 to 15 digits once spaces, "+", dashes, dots and brackets are dropped. */
export const invitePhoneSchema = v.pipe(
  v.string(),
  v.trim(),
  v.transform((value) => value.replace(/[\s+\-().]/g, '')),
  v.regex(/^\d{5,15}$/, /*i18n*/ 'Enter a valid phone'),
)

/** POST /company/{id}/invites: whom to invite (a phone or an e-mail), as what, and in which language. */
export const createInviteBodySchema = v.pipe(
  v.object({
    phone: v.optional(v.nullable(invitePhoneSchema)),
    email: v.optional(v.nullable(inviteEmailSchema)),
    role: v.picklist(invitableRoles, /*i18n*/ 'Choose a role'),
    position_id: v.optional(v.nullable(int4Schema(1))),
    /** The staff member who has no sign-in yet: accepting links the new member to them. */
    staff_id: v.optional(v.nullable(int4Schema(1))),
    lang: v.optional(v.picklist(['ru', 'en'])),
  }),
  v.forward(
    v.check(
      (input) => Boolean(input.phone) !== Boolean(input.email),
      /*i18n*/ 'Enter a phone or an e-mail, not both',
    ),
    ['email'],
  ),
)
export type CreateInviteBody = v.InferOutput<typeof createInviteBodySchema>

/** POST /company/{id}/invites/{inviteId}/resend: the language of the new message's link. */
export const resendInviteBodySchema = v.strictObject(
  { lang: v.optional(v.picklist(['ru', 'en'], /*i18n*/ 'must be ru or en')) },
  /*i18n*/ 'has unknown fields',
)

export const inviteStatusSchema = v.picklist(['pending', 'accepted', 'expired', 'revoked'])
export type InviteStatus = v.InferOutput<typeof inviteStatusSchema>

/** An invite as the inviting company's staff see it. */
export const companyInviteSchema = v.object({
  id: v.number(),
  phone: v.nullable(v.string()),
  email: v.nullable(v.string()),
  role: v.string(),
  position_id: v.nullable(v.number()),
  /** The staff member the invitation links to, if any. */
  staff_id: v.optional(v.nullable(v.number())),
  status: inviteStatusSchema,
  expires_at: v.string(),
  created_at: v.string(),
  /** Who sent the invitation. */
  invited_by_name: v.string(),
  /** The invite link, in the answer to its creation outside production only (no message leaves the server). */
  dev_link: v.optional(v.string()),
})
export type CompanyInvite = v.InferOutput<typeof companyInviteSchema>

/** GET /invites/{token}: what the invited person sees before accepting. */
export const publicInviteSchema = v.object({
  status: inviteStatusSchema,
  company_title: v.string(),
  inviter_name: v.string(),
  role: v.string(),
  /** The invited contact, to prefill the form (it must stay the same). */
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  expires_at: v.string(),
})
export type PublicInvite = v.InferOutput<typeof publicInviteSchema>

/** POST /invites/{token}/accept */
export const acceptedInviteSchema = v.object({ company_id: v.number(), role: v.string() })

/** POST /user_invite_continue_register/{token}: a new person registers through the invite. */
export const inviteContinueRegisterBodySchema = v.pipe(
  v.object({
    name: v.pipe(
      v.string(/*i18n*/ 'Enter your name'),
      v.trim(),
      v.minLength(1, /*i18n*/ 'Enter your name'),
      v.maxLength(100),
    ),
    phone: invitePhoneSchema,
    email: inviteEmailSchema,
    password: newPasswordSchema,
    confirm_password: confirmPasswordSchema,
    /** The single accept checkbox sets both (SPEC.md section 3). */
    oferta: v.literal(true, /*i18n*/ 'Accept the terms to continue'),
    confidential: v.literal(true, /*i18n*/ 'Accept the privacy policy to continue'),
    info_notifications: v.optional(v.boolean(), false),
  }),
  v.forward(v.partialCheck([['password'], ['confirm_password']], passwordsMatch, PASSWORDS_DIFFER_MESSAGE), [
    'confirm_password',
  ]),
)
export type InviteContinueRegisterBody = v.InferOutput<typeof inviteContinueRegisterBodySchema>

/** The last invite this browser opened, for the sign-in screen (null when none). */
export const lastInviteSchema = v.nullable(
  v.object({ token: v.string(), name: v.string(), company_title: v.string() }),
)
export type LastInvite = v.InferOutput<typeof lastInviteSchema>

/** The invitation link's token in a path. */
export const inviteTokenParamsSchema = v.object({ token: v.pipe(v.string(), v.maxLength(256)) })

/** One invitation of a company in a path. */
export const inviteIdParamsSchema = v.looseObject({
  inviteId: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, /*i18n*/ 'must be a positive integer'),
    v.transform(Number),
  ),
})
