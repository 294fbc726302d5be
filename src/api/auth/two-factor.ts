import { apiRequest } from '../client'
import { signInReplySchema, type SignInReply } from '../../../contract/auth/schemas'
import {
  totpConfirmReplySchema,
  totpSetupReplySchema,
  twoFactorSessionReplySchema,
  type TotpConfirmReply,
  type TotpSetupReply,
} from '../../../contract/auth/two-factor-schemas'
import type { SecondFactorRequired } from '../../../contract/auth/schemas'

/** POST /user/2fa/session/verify: tokens (201), or a new session for a continued step (202). */
export function verifyTwoFactorCode(input: { uuid: string; code: string }): Promise<SignInReply> {
  return apiRequest('/user/2fa/session/verify', {
    method: 'POST',
    body: input,
    schema: signInReplySchema,
    auth: false,
  })
}

/** POST /user/2fa/session/refresh: a new session and code replace the old ones. */
export function refreshTwoFactorSession(input: { uuid: string }): Promise<SecondFactorRequired> {
  return apiRequest('/user/2fa/session/refresh', {
    method: 'POST',
    body: input,
    schema: twoFactorSessionReplySchema,
    auth: false,
  })
}

/** POST /user/2fa/totp/setup: the secret and QR code for the authenticator app. */
export function loadTotpSetup(input: { uuid: string }): Promise<TotpSetupReply> {
  return apiRequest('/user/2fa/totp/setup', {
    method: 'POST',
    body: input,
    schema: totpSetupReplySchema,
    auth: false,
  })
}

/** POST /user/2fa/totp/confirm: signs in and answers the recovery codes, shown once. */
export function confirmTotpSetup(input: { uuid: string; code: string }): Promise<TotpConfirmReply> {
  return apiRequest('/user/2fa/totp/confirm', {
    method: 'POST',
    body: input,
    schema: totpConfirmReplySchema,
    auth: false,
  })
}
