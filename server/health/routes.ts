import type { FastifyInstance } from 'fastify'
import { success } from '../http/envelope'

/**
 * Liveness for load balancers and for tests that wait for the server to start. It also names the
 * environment, because the built app cannot tell a development server from production by itself
 * and shows development tools such as /flows only on the former (docs/decisions.md).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', async () => success({ status: 'ok', environment: app.config.NODE_ENV }))
}
