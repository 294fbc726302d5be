import * as v from 'valibot'
import { apiRequest } from '../client'
import {
  resetCodeSentSchema,
  resetTokenSchema,
  type ResetCodeSent,
} from '../../../contract/auth/reset-schemas'

/** POST /auth/send_code: the same reply for every contact, registered or not. */
export function sendResetCode(input: { contact: string }): Promise<ResetCodeSent> {
  return apiRequest('/auth/send_code', {
    method: 'POST',
    body: { user_contact_info: input.contact },
    schema: resetCodeSentSchema,
    auth: false,
  })
}

/** POST /auth/create_token: the confirmed code becomes a token for set_new_password. */
export async function createResetToken(input: { contact: string; code: string }): Promise<string> {
  const reply = await apiRequest('/auth/create_token', {
    method: 'POST',
    body: { user_contact_info: input.contact, code: input.code },
    schema: resetTokenSchema,
    auth: false,
  })
  return reply.token
}

/** POST /auth/set_new_password */
export async function setNewPassword(input: {
  contact: string
  token: string
  password: string
  confirmPassword: string
}): Promise<void> {
  await apiRequest('/auth/set_new_password', {
    method: 'POST',
    body: {
      user_contact_info: input.contact,
      token: input.token,
      password: input.password,
      confirm_password: input.confirmPassword,
    },
    schema: v.null(),
    auth: false,
  })
}
