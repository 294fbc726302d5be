import type { FastifyReply, FastifyRequest } from 'fastify'
import * as v from 'valibot'
import { TWO_FACTOR_SECRET_REQUIRED_CODE } from '../../contract/auth/schemas'
import { secondFactorPayloadSchema } from '../../contract/auth/two-factor-schemas'
import { eq } from 'drizzle-orm'
import { users } from '../db/schema'
import { success } from '../http/envelope'
import { HttpError } from '../http/http-error'
import { validate } from '../http/validate'
import { startConfirmation, verifyConfirmation } from '../twofa/confirmation-sessions'
import { secondFactorFor } from '../twofa/second-factor-policy'
import { rememberOnDevice } from './fast-login'
import { setRefreshCookie } from './refresh-cookie'
import { startSession } from './sessions'
import { buildTokenPair } from './token-pair'
import { askedLanguage, requestLanguage } from '../i18n/request-language'

/** The message of the two-factor secret error (SPEC.md section 8). */
export const TWO_FACTOR_SECRET_REQUIRED_MESSAGE = /*i18n*/ 'two-factor secret required'

type User = typeof users.$inferSelect

/**
 * Opens a session for a user whose every factor has been checked and answers the token pair (201): the
 * refresh cookie is set and the account is remembered on this device for the sign-in screen.
 */
export async function replyWithTokens(
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  redirectUrl: string | null,
  options: { switchedFromSessionId?: string } = {},
) {
  const { db, config } = request.server
  const session = await startSession(db, config, {
    userId: user.id,
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip,
    switchedFromSessionId: options.switchedFromSessionId ?? null,
  })
  setRefreshCookie(reply, config, session.refreshToken)
  // Support's browser must not remember the accounts they acted as on its sign-in screen, nor set their language.
  if (!options.switchedFromSessionId) {
    await rememberOnDevice(db, config, request, reply, user.id)
    // The language signed in in is what the server writes to the user in when a later request names none.
    const language = askedLanguage(request)
    if (language && language !== user.language)
      await db.update(users).set({ language }).where(eq(users.id, user.id))
  }
  const pair = await buildTokenPair(config, { user, ...session, redirectUrl })
  return reply.status(201).send(success(pair))
}

/**
 * What follows a correct first factor (password or Facebook): tokens at once, or a login confirmation
 * session (202) when a second factor is required, or the two-factor secret error (403, code 2003) with a
 * set-up session when the user chose the authenticator app and has not set it up yet.
 */
export async function replyAfterFirstFactor(
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  redirectUrl: string | null,
  secondFactorPayload?: unknown,
) {
  const { db, config, delivery } = request.server
  const factor = await secondFactorFor(db, user)
  if (factor.method === 'none') return replyWithTokens(request, reply, user, redirectUrl)
  // A client that already holds a confirmation session may send its code with the credentials (`2fa`).
  if (secondFactorPayload !== undefined && factor.method !== 'totp_setup') {
    const payload = validate(v.object({ '2fa': secondFactorPayloadSchema }), { '2fa': secondFactorPayload })[
      '2fa'
    ]
    const confirmed = await verifyConfirmation(
      { db, config, delivery, log: request.log, language: requestLanguage(request), ip: request.ip },
      payload.uuid,
      payload.code,
      'login',
      user.id,
    )
    return replyWithTokens(request, reply, user, confirmed.redirectUrl ?? redirectUrl)
  }
  const common = {
    userId: user.id,
    redirectUrl,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  }
  if (factor.method === 'totp_setup') {
    const session = await startConfirmation(
      { db, config, delivery, log: request.log, language: requestLanguage(request), ip: request.ip },
      { ...common, flow: 'totp_setup', method: 'totp', recipient: null },
    )
    throw new HttpError(403, TWO_FACTOR_SECRET_REQUIRED_MESSAGE, {
      code: TWO_FACTOR_SECRET_REQUIRED_CODE,
      details: { login_confirmation_session: session },
    })
  }
  const session = await startConfirmation(
    { db, config, delivery, log: request.log, language: requestLanguage(request), ip: request.ip },
    {
      ...common,
      flow: 'login',
      method: factor.method,
      recipient: factor.method === 'totp' ? null : factor.recipient,
    },
  )
  return reply.status(202).send(success({ login_confirmation_session: session }))
}
