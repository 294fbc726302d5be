import * as v from 'valibot'
import { ApiError } from '../api-error'
import { apiRequest } from '../client'
import { storeAccessToken } from '../token-store'
import {
  loginConfirmationSessionSchema,
  needsSecondFactor,
  signInReplySchema,
  TWO_FACTOR_SECRET_REQUIRED_CODE,
  type SecondFactorRequired,
  type SignInBody,
  type User,
} from './schemas'

/**
 * POST /auth: signs in and keeps the access token, or answers the login confirmation session when a second
 * factor is required. The two-factor secret error (403, code 2003) becomes a session with flow 'totp_setup',
 * so the second-factor flow handles both.
 */
export async function signInOrSecondFactor(credentials: SignInBody): Promise<User | SecondFactorRequired> {
  try {
    const reply = await apiRequest('/auth', {
      method: 'POST',
      body: credentials,
      schema: signInReplySchema,
      auth: false,
    })
    if (needsSecondFactor(reply)) return reply
    storeAccessToken(reply.access_token)
    return reply.user
  } catch (error) {
    const setup =
      error instanceof ApiError && error.code === TWO_FACTOR_SECRET_REQUIRED_CODE
        ? v.safeParse(loginConfirmationSessionSchema, error.details.errorDetails?.login_confirmation_session)
        : undefined
    if (setup?.success) return { login_confirmation_session: setup.output }
    throw error
  }
}
