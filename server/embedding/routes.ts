import type { FastifyInstance } from 'fastify'
import { parentTokenBodySchema, type EmbeddingConfig } from '../../contract/embedding/schemas'
import { ErrorCode } from '../../contract/error-codes'
import { THROTTLED_MESSAGE } from '../auth/routes'
import { authenticate, refuseWhileSwitched, requireAuth } from '../http/authenticate'
import { success } from '../http/envelope'
import { HttpError } from '../http/http-error'
import { VALIDATION_FAILED_MESSAGE, validate } from '../http/validate'
import { allowedParentOrigins } from './allowed-parents'
import { issueParentToken } from './parent-token'

/** Embedded admin-app mode (docs/embedding.md): the allow-list for the app, and the parent's token. */
export async function embeddingRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app
  const parentOrigins = allowedParentOrigins(config)

  // Public on purpose: every HTML page names the same origins in its Content-Security-Policy already.
  app.get('/embedding/config', async () => {
    const data: EmbeddingConfig = { parent_origins: parentOrigins }
    return success(data)
  })

  app.post('/embedding/parent_token', { preHandler: authenticate }, async (request, reply) => {
    const body = validate(parentTokenBodySchema, request.body)
    if (!parentOrigins.includes(body.parent_origin)) {
      throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
        fieldErrors: { parent_origin: [/*i18n*/ 'is not an allowed parent origin'] },
      })
    }
    const auth = requireAuth(request)
    // Support acting as a customer keeps to the customer's frame: a session of its own would outlive theirs.
    refuseWhileSwitched(auth)
    const result = await issueParentToken(db, config, {
      userId: auth.userId,
      sessionId: auth.sessionId,
      parentOrigin: body.parent_origin,
      ip: request.ip,
    })
    if (result.kind === 'from-parent-session') {
      throw new HttpError(403, /*i18n*/ 'An admin application’s session cannot open another one')
    }
    if (result.kind === 'throttled') {
      throw new HttpError(429, THROTTLED_MESSAGE, {
        code: ErrorCode.tokenExpiredOrRateLimited,
        retryAfterSec: result.retryAfterSec,
      })
    }
    return reply.status(201).send(success(result.token))
  })
}
