import type { FastifyInstance } from 'fastify'
import { success } from '../http/envelope'

/** Liveness for load balancers and for tests that wait for the server to start; it tells nothing else. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => success({ status: 'ok' }))
}
