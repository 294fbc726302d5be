import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  refreshBodySchema,
  signInBodySchema,
  signInWithUrlBodySchema,
  type SessionInfo,
} from '../../contract/auth/schemas'
import { ErrorCode } from '../../contract/error-codes'
import { REFRESH_COOKIE_NAME } from '../constants'
import { AUTHORIZATION_ERROR_MESSAGE, authenticate, requireAuth } from '../http/authenticate'
import { success } from '../http/envelope'
import { HttpError } from '../http/http-error'
import { validate } from '../http/validate'
import { toApiUser } from './api-user'
import { sameSitePath } from '../../contract/same-site-path'
import { clearRefreshCookie, setRefreshCookie } from './refresh-cookie'
import { rotateRefreshToken } from './refresh-tokens'
import { endSession } from './sessions'
import { recaptchaSiteKeyOf } from '../recaptcha/recaptcha-mode'
import { recaptchaRequiredError } from '../recaptcha/recaptcha-required'
import { createRecaptchaVerifier } from '../recaptcha/recaptcha-verifier'
import { rememberedUserIdsOf } from './fast-login'
import { facebookSignIn, isFacebookSignIn } from './facebook-routes'
import { checkCredentials } from './sign-in'
import { replyAfterFirstFactor } from './sign-in-outcome'
import { buildTokenPair } from './token-pair'
import { findUserById } from './users'

/** The one reply for a wrong password and an unknown login (SPEC.md section 8: 422 is "wrong credentials"). */
export const INVALID_CREDENTIALS_MESSAGE = /*i18n*/ 'Invalid login or password'
export const THROTTLED_MESSAGE = /*i18n*/ 'limit exceeded'

/** Sign-in, refresh, session and sign-out calls (SPEC.md section 7, "Authentication"). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app
  // Past a sign-in limit a solved reCAPTCHA is asked for only where the browser can show Google's widget.
  const recaptcha = recaptchaSiteKeyOf(config) ? createRecaptchaVerifier(config) : null

  async function signInAndReply(
    request: FastifyRequest,
    reply: FastifyReply,
    credentials: {
      login: string
      password: string
      redirectUrl: string | null
      secondFactor?: unknown
      recaptchaToken: string | null | undefined
    },
  ) {
    const result = await checkCredentials(db, config, {
      login: credentials.login,
      password: credentials.password,
      ip: request.ip,
      rememberedUserIds: await rememberedUserIdsOf(db, request),
      verifyRecaptcha: recaptcha && (() => recaptcha.verify(credentials.recaptchaToken, request.ip)),
    })
    if (result.kind === 'throttled') {
      throw new HttpError(429, THROTTLED_MESSAGE, {
        code: ErrorCode.tokenExpiredOrRateLimited,
        retryAfterSec: result.retryAfterSec,
      })
    }
    if (result.kind === 'recaptcha-required') throw recaptchaRequiredError()
    if (result.kind === 'invalid-credentials') throw new HttpError(422, INVALID_CREDENTIALS_MESSAGE)
    return replyAfterFirstFactor(
      request,
      reply,
      result.user,
      credentials.redirectUrl,
      credentials.secondFactor,
    )
  }

  app.post('/auth', async (request, reply) => {
    const body = validate(signInBodySchema, request.body)
    return signInAndReply(request, reply, {
      login: body.login,
      password: body.password,
      redirectUrl: null,
      recaptchaToken: body.google_recaptcha_v2_token,
    })
  })

  // With fb_token instead of a password this is Facebook sign-in (server/auth/facebook-routes.ts).
  app.post('/auth/login/1', async (request, reply) => {
    if (isFacebookSignIn(request.body)) return facebookSignIn(request, reply)
    const body = validate(signInWithUrlBodySchema, request.body)
    return signInAndReply(request, reply, {
      login: body.email,
      password: body.password,
      redirectUrl: sameSitePath(body.url),
      secondFactor: body['2fa'],
      recaptchaToken: body.google_recaptcha_v2_token,
    })
  })

  app.post('/jwt/refresh', async (request, reply) => {
    const body = validate(refreshBodySchema, request.body ?? {})
    // A token in the body wins: a client that sends one means it.
    const presented = body.refresh_token ?? request.cookies[REFRESH_COOKIE_NAME]
    const refused = () => new HttpError(401, AUTHORIZATION_ERROR_MESSAGE, { code: ErrorCode.tokenInvalid })
    if (!presented) throw refused()
    const rotated = await rotateRefreshToken(db, config, presented)
    if (!rotated.ok) {
      clearRefreshCookie(reply, config)
      throw refused()
    }
    const user = await findUserById(db, rotated.userId)
    if (!user) throw refused()
    setRefreshCookie(reply, config, rotated.refreshToken)
    return reply.send(success(await buildTokenPair(config, { user, ...rotated })))
  })

  app.post('/auth/session', { preHandler: authenticate }, async (request) => {
    const auth = requireAuth(request)
    const info: SessionInfo = {
      session_id: auth.sessionId,
      user: toApiUser(auth.user),
      expires_at: new Date(auth.tokenExpiresAt * 1000).toISOString(),
    }
    return success(info)
  })

  app.post('/auth/logout_session', { preHandler: authenticate }, async (request, reply) => {
    const { sessionId } = requireAuth(request)
    await endSession(db, sessionId)
    // This instance forgets the session now; the others when PostgreSQL's notification arrives (on PGlite it has).
    app.authCache.invalidate(`s:${sessionId}`)
    clearRefreshCookie(reply, config)
    return success(null)
  })
}
