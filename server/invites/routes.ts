import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { ErrorCode } from '../../contract/error-codes'
import {
  createInviteBodySchema,
  inviteIdParamsSchema,
  inviteTokenParamsSchema,
  resendInviteBodySchema,
  inviteContinueRegisterBodySchema,
  type LastInvite,
  type PublicInvite,
} from '../../contract/invites/schemas'
import { requireCompanyAccess, requireMembership } from '../access/company-access'
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../auth/common-passwords'
import { replyAfterFirstFactor } from '../auth/sign-in-outcome'
import type { Database } from '../db/database'
import { invites } from '../db/schema'
import { authenticate, requireAuth } from '../http/authenticate'
import { success } from '../http/envelope'
import { HttpError } from '../http/http-error'
import { validate, VALIDATION_FAILED_MESSAGE } from '../http/validate'
import { reserveHit, secondsUntilWindowEnds } from '../rate-limit/fixed-window-counter'
import { acceptInvite } from './accept-invite'
import { companyInvites } from './company-invites'
import { createInvite } from './create-invite'
import { requireRoleWithinSender } from './invite-role-check'
import { findInviteByToken, inviteStatusOf } from './invite-tokens'
import { forgetLastInvite, lastInviteToken, rememberLastInvite } from './last-invite-cookie'
import { registerThroughInvite } from './register-through-invite'
import { resendInvite } from './resend-invite'
import { requestLanguage } from '../i18n/request-language'

/** Invites one member may send per hour: enough for any team, too few for spamming strangers. */
export const INVITES_PER_USER_PER_HOUR = 50
const INVITES_WINDOW_SEC = 60 * 60

const NOT_FOUND_MESSAGE = /*i18n*/ 'Invitation not found'
const refusals = {
  'not-found': () => new HttpError(404, NOT_FOUND_MESSAGE),
  used: () => new HttpError(409, /*i18n*/ 'This invitation has already been used'),
  expired: () => new HttpError(410, /*i18n*/ 'This invitation has expired'),
  revoked: () => new HttpError(410, /*i18n*/ 'This invitation was withdrawn'),
} as const

/**
 * Counts one invite message against the sender's hourly allowance (a first message or a resend alike), or
 * refuses with 429 and when to try again.
 */
async function reserveInviteMessage(db: Database, userId: number): Promise<void> {
  const key = `invites:user:${userId}`
  if ((await reserveHit(db, key, INVITES_WINDOW_SEC, INVITES_PER_USER_PER_HOUR)) === null) {
    throw new HttpError(429, /*i18n*/ 'limit exceeded', {
      code: ErrorCode.tokenExpiredOrRateLimited,
      retryAfterSec: await secondsUntilWindowEnds(db, key, INVITES_WINDOW_SEC),
    })
  }
}

/** Invitations: staff send them; the invited person opens, accepts or registers through them. */
export async function inviteRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app
  /** Outside production no message leaves the server, so the sender sees the link to pass on by hand. */
  const devLinkOf = (link: string) => (config.NODE_ENV === 'production' ? {} : { dev_link: link })

  app.post(
    '/company/:id/invites',
    { preHandler: [authenticate, requireCompanyAccess({ flag: 'users_invite_access' })] },
    async (request, reply) => {
      const body = validate(createInviteBodySchema, request.body)
      const auth = requireAuth(request)
      const membership = requireMembership(request)
      requireRoleWithinSender(membership, body.role)
      await reserveInviteMessage(db, auth.userId)
      const companyId = membership.companyId
      const { row, link } = await createInvite(
        { db, config, delivery: app.delivery, log: request.log, language: requestLanguage(request) },
        { ...body, companyId, invitedByUserId: auth.userId },
      )
      const [created] = await companyInvites(db, companyId, row.id)
      return reply.status(201).send(success({ ...created!, ...devLinkOf(link) }))
    },
  )

  app.get(
    '/company/:id/invites',
    { preHandler: [authenticate, requireCompanyAccess({ flag: 'users_invite_access' })] },
    async (request) => success(await companyInvites(db, requireMembership(request).companyId)),
  )

  app.delete(
    '/company/:id/invites/:inviteId',
    { preHandler: [authenticate, requireCompanyAccess({ flag: 'users_invite_access' })] },
    async (request) => {
      const { inviteId } = validate(inviteIdParamsSchema, request.params)
      const companyId = requireMembership(request).companyId
      await db
        .update(invites)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(invites.id, inviteId),
            eq(invites.companyId, companyId),
            isNull(invites.acceptedAt),
            isNull(invites.revokedAt),
          ),
        )
      const [invite] = await companyInvites(db, companyId, inviteId)
      if (!invite) throw new HttpError(404, NOT_FOUND_MESSAGE)
      return success(invite)
    },
  )

  app.post(
    '/company/:id/invites/:inviteId/resend',
    { preHandler: [authenticate, requireCompanyAccess({ flag: 'users_invite_access' })] },
    async (request) => {
      const { inviteId } = validate(inviteIdParamsSchema, request.params)
      const body = validate(resendInviteBodySchema, request.body ?? {})
      const membership = requireMembership(request)
      const companyId = membership.companyId
      const [current] = await companyInvites(db, companyId, inviteId)
      if (current) requireRoleWithinSender(membership, current.role)
      await reserveInviteMessage(db, requireAuth(request).userId)
      const { link } = await resendInvite(
        { db, config, delivery: app.delivery, log: request.log, language: requestLanguage(request) },
        { companyId, inviteId, ...body },
      )
      const [invite] = await companyInvites(db, companyId, inviteId)
      return success({ ...invite!, ...devLinkOf(link) })
    },
  )

  // Registered before /invites/:token so that "last" is never read as a token.
  app.get('/invites/last', async (request, reply) => {
    const token = lastInviteToken(request)
    const found = token ? await findInviteByToken(db, token) : undefined
    if (!token || !found || inviteStatusOf(found.invite) !== 'pending') {
      if (token) forgetLastInvite(reply, config)
      return success<LastInvite>(null)
    }
    return success<LastInvite>({ token, name: found.inviterName, company_title: found.companyTitle })
  })

  app.get('/invites/:token', async (request, reply) => {
    const { token } = validate(inviteTokenParamsSchema, request.params)
    const found = await findInviteByToken(db, token)
    if (!found) throw new HttpError(404, NOT_FOUND_MESSAGE)
    const status = inviteStatusOf(found.invite)
    if (status === 'pending') rememberLastInvite(reply, config, token)
    const invite: PublicInvite = {
      status,
      company_title: found.companyTitle,
      inviter_name: found.inviterName,
      role: found.invite.role,
      email: found.invite.email,
      phone: found.invite.phone,
      expires_at: found.invite.expiresAt.toISOString(),
    }
    return success(invite)
  })

  app.post('/invites/:token/accept', { preHandler: authenticate }, async (request, reply) => {
    const { token } = validate(inviteTokenParamsSchema, request.params)
    const found = await findInviteByToken(db, token)
    if (!found) throw refusals['not-found']()
    const result = await acceptInvite(db, found.invite.id, requireAuth(request).userId)
    if (!result.ok) throw refusals[result.reason]()
    forgetLastInvite(reply, config)
    return success({ company_id: result.companyId, role: result.role })
  })

  app.post('/user_invite_continue_register/:token', async (request, reply) => {
    const { token } = validate(inviteTokenParamsSchema, request.params)
    const body = validate(inviteContinueRegisterBodySchema, request.body)
    if (await isCommonPassword(body.password)) {
      throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
        fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] },
      })
    }
    const found = await findInviteByToken(db, token)
    if (!found) throw refusals['not-found']()
    const status = inviteStatusOf(found.invite)
    if (status !== 'pending') throw refusals[status === 'accepted' ? 'used' : status]()
    const user = await registerThroughInvite(db, found.invite, body, request.ip)
    forgetLastInvite(reply, config)
    return replyAfterFirstFactor(request, reply, user, null)
  })

  app.post('/invite_delete_last_invite_cookie', async (_request, reply) => {
    forgetLastInvite(reply, config)
    return success(null)
  })
}
