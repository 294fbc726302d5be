import * as v from 'valibot'
import {
  confirmPasswordSchema,
  newPasswordSchema,
  passwordsMatch,
  PASSWORDS_DIFFER_MESSAGE,
} from './password-policy'

/** An e-mail or a phone, read the way sign-in reads a login. */
const contactSchema = v.pipe(
  v.string(/*i18n*/ 'Enter your e-mail or phone'),
  v.trim(),
  v.minLength(1, /*i18n*/ 'Enter your e-mail or phone'),
  v.maxLength(254, /*i18n*/ 'Too long'),
)
const recaptchaSchema = v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4096))))

/** POST /auth/send_code */
export const sendResetCodeBodySchema = v.object({
  user_contact_info: contactSchema,
  google_recaptcha_v2_token: recaptchaSchema,
  force_sms: v.optional(v.boolean(/*i18n*/ 'Must be true or false')),
})
export type SendResetCodeBody = v.InferOutput<typeof sendResetCodeBodySchema>

/** POST /auth/reset: the older call, by e-mail only. */
export const resetByEmailBodySchema = v.object({
  email: v.pipe(contactSchema, v.email(/*i18n*/ 'Enter a valid e-mail')),
  google_recaptcha_v2_token: recaptchaSchema,
})

/** What send_code and reset answer, the same for every contact, registered or not. */
export const resetCodeSentSchema = v.object({
  channel: v.picklist(['sms', 'call', 'email', 'sms_vonage']),
  /** Seconds until another code may be asked for; the resend countdown starts here. */
  wait_period: v.number(),
})
export type ResetCodeSent = v.InferOutput<typeof resetCodeSentSchema>

/** POST /auth/create_token */
export const createResetTokenBodySchema = v.object({
  user_contact_info: contactSchema,
  code: v.pipe(
    v.string(/*i18n*/ 'Enter the code'),
    v.trim(),
    v.regex(/^\d{6}$/, /*i18n*/ 'Enter the 6-digit code'),
  ),
})
export const resetTokenSchema = v.object({ token: v.string() })
export type ResetToken = v.InferOutput<typeof resetTokenSchema>

/**
 * POST /auth/set_new_password: the call's body is password, user_contact_info and token (SPEC.md section 7). The
 * reset form asks for the password twice and sends both; a client that sends the repetition has it checked.
 */
export const setNewPasswordBodySchema = v.pipe(
  v.object({
    user_contact_info: contactSchema,
    token: v.pipe(
      v.string(/*i18n*/ 'Missing token'),
      v.minLength(1, /*i18n*/ 'Missing token'),
      v.maxLength(256),
    ),
    password: newPasswordSchema,
    confirm_password: v.optional(confirmPasswordSchema),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirm_password']],
      (input) =>
        input.confirm_password === undefined ||
        passwordsMatch({ ...input, confirm_password: input.confirm_password }),
      PASSWORDS_DIFFER_MESSAGE,
    ),
    ['confirm_password'],
  ),
)
export type SetNewPasswordBody = v.InferOutput<typeof setNewPasswordBodySchema>
