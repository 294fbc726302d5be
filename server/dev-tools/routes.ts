import type { FastifyInstance } from 'fastify'
import { success } from '../http/envelope'

/**
 * GET /dev/tools: which development tools this server offers (the /flows diagrams). Registered only outside
 * production, so a production server answers 404 like for any unknown route and names no environment.
 */
export async function devToolsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dev/tools', async () => success({ flows: true }))
}
