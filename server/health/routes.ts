import type { FastifyInstance } from 'fastify'
import { READINESS_DATABASE_TIMEOUT_MS } from '../constants'
import { databaseAnswers } from '../db/ping'
import { failure, success } from '../http/envelope'

/**
 * GET /health is liveness: the process answers (tests wait on it for the server to start). GET /health/ready is
 * readiness for a load balancer: 503 once a shutdown has begun (server/shutdown.ts) or while the database does
 * not answer, so traffic moves to another instance before this one stops or while it cannot serve.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => success({ status: 'ok' }))

  app.get('/health/ready', async (_request, reply) => {
    if (app.lifecycle.draining) {
      return reply.status(503).header('retry-after', '1').send(failure('The server is shutting down.'))
    }
    if (!(await databaseAnswers(app.db, READINESS_DATABASE_TIMEOUT_MS))) {
      return reply.status(503).header('retry-after', '5').send(failure('The database does not answer.'))
    }
    return success({ status: 'ready' })
  })
}
