import type { FastifyInstance } from 'fastify'
import { analyticsBatchSchema } from '../../contract/analytics/schemas'
import { ErrorCode } from '../../contract/error-codes'
import { ANALYTICS_POSTS_PER_IP_PER_MINUTE } from '../constants'
import { authenticateIfPresent } from '../http/authenticate'
import { success } from '../http/envelope'
import { HttpError } from '../http/http-error'
import { validate } from '../http/validate'
import { reserveHit, secondsUntilWindowEnds } from '../rate-limit/fixed-window-counter'
import { storeAnalyticsEvents } from './store-events'

/** The client's analytics queue flushes here; signed-in or not. */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app

  app.post('/analytics/events', { preHandler: authenticateIfPresent }, async (request, reply) => {
    const key = `analytics:ip:${request.ip}`
    if ((await reserveHit(db, key, 60, ANALYTICS_POSTS_PER_IP_PER_MINUTE)) === null) {
      throw new HttpError(429, /*i18n*/ 'limit exceeded', {
        code: ErrorCode.tokenExpiredOrRateLimited,
        retryAfterSec: await secondsUntilWindowEnds(db, key, 60),
      })
    }
    const batch = validate(analyticsBatchSchema, request.body)
    const accepted = await storeAnalyticsEvents(db, batch, request.auth?.userId ?? null)
    return reply.status(202).send(success({ accepted }))
  })
}
