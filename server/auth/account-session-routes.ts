import type { FastifyInstance } from 'fastify'
import { accountSessionParamsSchema } from '../../contract/auth/account-sessions-schemas'
import { authenticate, refuseWhileSwitched, requireAuth } from '../http/authenticate'
import { success } from '../http/envelope'
import { HttpError } from '../http/http-error'
import { validate } from '../http/validate'
import { recordSecurityEvent } from '../security-log/record-security-event'
import { endAccountSession, listAccountSessions } from './account-sessions'
import { endSessionsOfUser } from './sessions'

/** The signed-in user's own sessions (devices): the list, signing one out, and signing out everywhere else. */
export async function accountSessionRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app

  app.get('/user/sessions', { preHandler: authenticate }, async (request) => {
    const auth = requireAuth(request)
    return success(await listAccountSessions(db, config, auth.userId, auth.sessionId))
  })

  app.delete('/user/sessions/:sessionId', { preHandler: authenticate }, async (request) => {
    const auth = requireAuth(request)
    refuseWhileSwitched(auth)
    const { sessionId } = validate(accountSessionParamsSchema, request.params)
    if (!(await endAccountSession(db, auth.userId, sessionId)))
      throw new HttpError(404, /*i18n*/ 'Session not found')
    // This instance forgets the session now; the others when PostgreSQL's notification arrives (on PGlite it has).
    app.authCache.invalidate(`s:${sessionId}`)
    await recordSecurityEvent(db, {
      action: 'session_ended_by_user',
      actorUserId: auth.userId,
      targetUserId: auth.userId,
      ip: request.ip,
      details: { session_id: sessionId },
    })
    return success(await listAccountSessions(db, config, auth.userId, auth.sessionId))
  })

  app.post('/user/sessions/end_others', { preHandler: authenticate }, async (request) => {
    const auth = requireAuth(request)
    refuseWhileSwitched(auth)
    const ended = await endSessionsOfUser(db, auth.userId, auth.sessionId)
    // As above: the user's sessions cached here are read afresh (the one in use among them, still standing).
    app.authCache.invalidate(`u:${auth.userId}`)
    await recordSecurityEvent(db, {
      action: 'other_sessions_ended_by_user',
      actorUserId: auth.userId,
      targetUserId: auth.userId,
      ip: request.ip,
      details: { ended },
    })
    return success({ ended })
  })
}
