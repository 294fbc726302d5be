import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  companyTwoFactorBodySchema,
  totpConfirmBodySchema,
  totpSetupBodySchema,
  twoFactorRefreshBodySchema,
  twoFactorSettingBodySchema,
  twoFactorVerifyBodySchema,
  type TotpSetupReply,
  type TwoFactorSetting,
} from '../../contract/auth/two-factor-schemas'
import { ErrorCode } from '../../contract/error-codes'
import { requireCompanyAccess, requireMembership } from '../access/company-access'
import { recheckPassword } from '../auth/password-recheck'
import { THROTTLED_MESSAGE } from '../auth/routes'
import { seal, unseal } from '../auth/secret-box'
import { rememberOnDevice } from '../auth/fast-login'
import { setRefreshCookie } from '../auth/refresh-cookie'
import { endSessionsOfUser, startSession } from '../auth/sessions'
import { replyWithTokens } from '../auth/sign-in-outcome'
import { buildTokenPair } from '../auth/token-pair'
import { findUserById } from '../auth/users'
import { twoFactorRecoveryCodes, users, userSecurity } from '../db/schema'
import { auditOf } from '../business/change-log/request-audit'
import { authenticate, refuseWhileSwitched, requireAuth } from '../http/authenticate'
import { success } from '../http/envelope'
import { HttpError } from '../http/http-error'
import { validate } from '../http/validate'
import {
  confirmTotpSetup,
  liveSetupSession,
  refreshConfirmation,
  SESSION_ENDED_MESSAGE,
  storePendingSecret,
  verifyConfirmation,
} from './confirmation-sessions'
import { readCompanyTwoFactor, saveCompanyTwoFactor } from './company-two-factor-policy'
import { replaceRecoveryCodes } from './recovery-codes'
import { requiredByCompany, userTwoFactorSetting } from './second-factor-policy'
import { newTotpSecret, totpProvisioning } from './totp'
import { requestLanguage } from '../i18n/request-language'

/** Second-factor calls: the confirmation session, the authenticator app set-up, and the settings. */
export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app
  const deps = (request: FastifyRequest) => ({
    db,
    config,
    delivery: app.delivery,
    log: request.log,
    language: requestLanguage(request),
    ip: request.ip,
  })

  app.post('/user/2fa/session/refresh', async (request) => {
    const body = validate(twoFactorRefreshBodySchema, request.body)
    return success({ login_confirmation_session: await refreshConfirmation(deps(request), body.uuid) })
  })

  app.post('/user/2fa/session/verify', async (request, reply) => {
    const body = validate(twoFactorVerifyBodySchema, request.body)
    const confirmed = await verifyConfirmation(deps(request), body.uuid, body.code, 'login')
    const user = await findUserById(db, confirmed.userId)
    if (!user) throw new HttpError(410, SESSION_ENDED_MESSAGE)
    return replyWithTokens(request, reply, user, confirmed.redirectUrl)
  })

  app.post('/user/2fa/totp/setup', async (request) => {
    const body = validate(totpSetupBodySchema, request.body)
    const session = await liveSetupSession(db, body.uuid)
    await storePendingSecret(db, session.id, seal(config.DATA_KEYS, newTotpSecret()))
    // Re-read: of two set-up calls racing, both must show the secret that was kept.
    const kept = await liveSetupSession(db, body.uuid)
    const secret = kept.pendingTotpSecretSealed
      ? unseal(config.DATA_KEYS, kept.pendingTotpSecretSealed)
      : null
    const user = await findUserById(db, kept.userId)
    if (!secret || !user) throw new HttpError(410, SESSION_ENDED_MESSAGE)
    const provisioning = await totpProvisioning(secret, user.email ?? user.phone ?? user.name)
    const setup: TotpSetupReply = {
      secret,
      otpauth_url: provisioning.otpauthUrl,
      qr_code: provisioning.qrCode,
    }
    return success(setup)
  })

  app.post('/user/2fa/totp/confirm', async (request, reply) => {
    const body = validate(totpConfirmBodySchema, request.body)
    const confirmed = await confirmTotpSetup(deps(request), body.uuid, body.code, async (tx, row) => {
      const user = await findUserById(tx, row.userId)
      if (!user) throw new HttpError(410, SESSION_ENDED_MESSAGE)
      const recoveryCodes = await replaceRecoveryCodes(tx, config.DATA_KEYS, user.id)
      const session = await startSession(tx, config, {
        userId: user.id,
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
      })
      await rememberOnDevice(tx, config, request, reply, user.id)
      return { user, session, recoveryCodes, redirectUrl: row.redirectUrl }
    })
    const { user, session, recoveryCodes, redirectUrl } = confirmed
    setRefreshCookie(reply, config, session.refreshToken)
    const pair = await buildTokenPair(config, { user, ...session, redirectUrl })
    return reply.status(201).send(success({ ...pair, recovery_codes: recoveryCodes }))
  })

  async function settingOf(userId: number): Promise<TwoFactorSetting> {
    const setting = await userTwoFactorSetting(db, userId)
    return {
      two_factor: setting.twoFactor,
      required_by_company: await requiredByCompany(db, userId),
      totp_configured: setting.totpSecretSealed !== null,
    }
  }

  app.get('/user/2fa', { preHandler: authenticate }, async (request) =>
    success(await settingOf(requireAuth(request).userId)),
  )

  // Choosing 'totp' makes the next sign-in answer the two-factor secret error until the app is set up;
  // 'off' and 'email' forget the app's secret and recovery codes.
  app.put('/user/2fa', { preHandler: authenticate }, async (request) => {
    const auth = requireAuth(request)
    refuseWhileSwitched(auth)
    const body = validate(twoFactorSettingBodySchema, request.body)
    const recheck = await recheckPassword(db, config, auth.user, body.password, request.ip)
    if (recheck.kind === 'throttled') {
      throw new HttpError(429, THROTTLED_MESSAGE, {
        code: ErrorCode.tokenExpiredOrRateLimited,
        retryAfterSec: recheck.retryAfterSec,
      })
    }
    if (recheck.kind === 'wrong') {
      throw new HttpError(422, /*i18n*/ 'Validation failed', {
        fieldErrors: { password: [/*i18n*/ 'The password is wrong'] },
      })
    }
    // One transaction under the user's row lock: a change that fails half-way leaves the setting as it was (never
    // the app switched off with its recovery codes kept), and two changes at once apply one after the other.
    await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, auth.userId)).for('update')
      const current = await userTwoFactorSetting(tx, auth.userId)
      const keepSecret = body.two_factor === 'totp' ? current.totpSecretSealed : null
      const values = {
        twoFactor: body.two_factor,
        totpSecretSealed: keepSecret,
        totpLastStep: keepSecret ? current.totpLastStep : null,
        updatedAt: new Date(),
      }
      await tx
        .insert(userSecurity)
        .values({ userId: auth.userId, ...values })
        .onConflictDoUpdate({ target: userSecurity.userId, set: values })
      if (!keepSecret)
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, auth.userId))
      // ASVS 5 V7.4.3: after a factor changes, the user may end every other session (a device they lost, say).
      if (body.end_other_sessions) await endSessionsOfUser(tx, auth.userId, auth.sessionId)
    })
    return success(await settingOf(auth.userId))
  })

  app.get(
    '/company/:id/security/two_factor',
    { preHandler: [authenticate, requireCompanyAccess({ flag: 'security_access' })] },
    async (request) => success(await readCompanyTwoFactor(db, requireMembership(request).companyId)),
  )

  app.put(
    '/company/:id/security/two_factor',
    { preHandler: [authenticate, requireCompanyAccess({ flag: 'security_2fa_access' })] },
    async (request) => {
      const { companyId } = requireMembership(request)
      const body = validate(companyTwoFactorBodySchema, request.body)
      return success(await saveCompanyTwoFactor(db, companyId, body.required_for, auditOf(request)))
    },
  )
}
