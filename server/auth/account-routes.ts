import type { FastifyInstance } from 'fastify'
import {
  forgetFastLoginUserBodySchema,
  switchUserBodySchema,
  switchUserSearchSchema,
  switchUserTokenBodySchema,
  type SwitchState,
} from '../../contract/auth/account-switching-schemas'
import { ErrorCode } from '../../contract/error-codes'
import { AUTHORIZATION_ERROR_MESSAGE, authenticate, requireAuth } from '../http/authenticate'
import { success } from '../http/envelope'
import { HttpError } from '../http/http-error'
import { validate } from '../http/validate'
import { SESSION_ENDED_MESSAGE, startConfirmation, verifyConfirmation } from '../twofa/confirmation-sessions'
import { secondFactorFor } from '../twofa/second-factor-policy'
import { forgetRemembered, listRemembered } from './fast-login'
import { clearRefreshCookie, setRefreshCookie } from './refresh-cookie'
import { replyWithTokens } from './sign-in-outcome'
import { switchBack } from './switch-back'
import { findSwitchCandidates } from './switch-candidates'
import { buildTokenPair } from './token-pair'
import { sessionOwnerOf } from './sessions'
import { consumeSwitchToken, findSwitchToken, issueSwitchToken, maySwitchUser } from './switch-user'
import { requestLanguage } from '../i18n/request-language'

/** Accounts remembered on this device, and signing in as another user. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app

  // The reply holds this device's fast-login tokens and answers a cookie, so it is never compressed (BREACH:
  // server/http/compress-replies.ts).
  app.get('/auth/fast_login_users', { compress: false }, async (request) =>
    success(await listRemembered(db, request)),
  )

  app.delete('/auth/fast_login_user', async (request, reply) => {
    const body = validate(forgetFastLoginUserBodySchema, request.body)
    await forgetRemembered(db, config, request, reply, body.token)
    return success(await listRemembered(db, request))
  })

  app.get('/auth/switch_user/state', { preHandler: authenticate }, async (request) => {
    const auth = requireAuth(request)
    const state: SwitchState = {
      switched_from: auth.switchedFromSessionId ? await sessionOwnerOf(db, auth.switchedFromSessionId) : null,
      may_switch: auth.switchedFromSessionId === null && maySwitchUser(auth.user),
    }
    return success(state)
  })

  app.get('/auth/switch_user/users', { preHandler: authenticate }, async (request) => {
    const { q } = validate(switchUserSearchSchema, request.query)
    return success(await findSwitchCandidates(db, requireAuth(request).user, q))
  })

  app.post('/auth/switch_user/token', { preHandler: authenticate }, async (request, reply) => {
    const body = validate(switchUserTokenBodySchema, request.body)
    const auth = requireAuth(request)
    const issued = await issueSwitchToken(db, auth.user, body.user_id, request.ip, auth)
    return reply.status(201).send(success(issued))
  })

  // Back from acting as someone else to support's own session, which never ended: no password.
  app.post('/auth/switch_user/return', { preHandler: authenticate }, async (request, reply) => {
    const auth = requireAuth(request)
    if (auth.switchedFromSessionId === null) {
      throw new HttpError(409, /*i18n*/ 'This session is not signed in as another user')
    }
    const back = await switchBack(
      db,
      config,
      { sessionId: auth.sessionId, userId: auth.userId, switchedFromSessionId: auth.switchedFromSessionId },
      request.ip,
    )
    // The switched session has ended: this instance forgets it at once, as sign-out does; others hear it from
    // PostgreSQL's notification.
    app.authCache.invalidate(`s:${auth.sessionId}`)
    if (!back.ok) {
      clearRefreshCookie(reply, config)
      throw new HttpError(401, AUTHORIZATION_ERROR_MESSAGE, { code: ErrorCode.tokenInvalid })
    }
    setRefreshCookie(reply, config, back.refreshToken)
    return reply.send(success(await buildTokenPair(config, back)))
  })

  // The issuer's own second factor guards the switch: without `2fa` the reply is a confirmation session
  // (202), and the same call with `2fa: { uuid, code }` completes it.
  app.post('/auth/switch_user', async (request, reply) => {
    const body = validate(switchUserBodySchema, request.body)
    const { token, issuer } = await findSwitchToken(db, body.token)
    const factor = await secondFactorFor(db, issuer)
    const deps = {
      db,
      config,
      delivery: app.delivery,
      log: request.log,
      language: requestLanguage(request),
      ip: request.ip,
    }
    if (factor.method !== 'none') {
      if (!body['2fa']) {
        const usesApp = factor.method === 'totp'
        const recipient = usesApp
          ? null
          : factor.method === 'totp_setup'
            ? (issuer.email ?? issuer.phone)
            : factor.recipient
        const session = await startConfirmation(deps, {
          userId: issuer.id,
          flow: 'switch_user',
          method: usesApp ? 'totp' : recipient?.includes('@') ? 'email' : 'sms',
          recipient,
          switchTokenId: token.id,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        })
        return reply.status(202).send(success({ login_confirmation_session: session }))
      }
      const confirmed = await verifyConfirmation(
        deps,
        body['2fa'].uuid,
        body['2fa'].code,
        'switch_user',
        issuer.id,
      )
      if (confirmed.switchTokenId !== token.id) throw new HttpError(410, SESSION_ENDED_MESSAGE)
    }
    const { target, issuerSessionId } = await consumeSwitchToken(db, token.id, request.ip)
    return replyWithTokens(request, reply, target, null, { switchedFromSessionId: issuerSessionId })
  })
}
