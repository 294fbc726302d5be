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
} from '../../../contract/auth/schemas'

/** A finished sign-in: the user, and the path the server accepted to return to (null: home). */
export type SignedInUser = User & { redirect_url: string | null }

/**
 * POST /auth: signs in and keeps the access token, or answers the login confirmation session when a second
 * factor is required. The two-factor secret error (403, code 2003) becomes a session with flow 'totp_setup',
 * so the second-factor flow handles both. With a path to return to the call is POST /auth/login/1 with
 * `url`, which the server echoes as redirect_url (and keeps for the second factor) when it is on this site.
 */
export async function signInOrSecondFactor(
  credentials: SignInBody,
  returnTo: string | null = null,
): Promise<SignedInUser | SecondFactorRequired> {
  try {
    const reply =
      returnTo === null
        ? await apiRequest('/auth', {
            method: 'POST',
            body: credentials,
            schema: signInReplySchema,
            auth: false,
          })
        : await apiRequest('/auth/login/1', {
            method: 'POST',
            body: {
              email: credentials.login,
              password: credentials.password,
              url: returnTo,
              google_recaptcha_v2_token: credentials.google_recaptcha_v2_token,
            },
            schema: signInReplySchema,
            auth: false,
          })
    if (needsSecondFactor(reply)) return reply
    storeAccessToken(reply.access_token)
    return { ...reply.user, redirect_url: reply.redirect_url ?? null }
  } catch (error) {
    const setup =
      error instanceof ApiError && error.code === TWO_FACTOR_SECRET_REQUIRED_CODE
        ? v.safeParse(loginConfirmationSessionSchema, error.details.errorDetails?.login_confirmation_session)
        : undefined
    if (setup?.success) return { login_confirmation_session: setup.output }
    throw error
  }
}
