import type { FastifyInstance } from 'fastify'
import { success } from '../http/envelope'
import { listOutbox } from './outbox'

/** GET /dev/outbox: every message sent, newest first. Registered only outside production. */
export async function devOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/dev/outbox', async () => success(await listOutbox(app.db)))
}
