import type { FastifyInstance } from 'fastify'
import { authenticate, requireAuth } from '../../http/authenticate'
import { success } from '../../http/envelope'
import { listUserGroups } from './user-groups'

/** GET /groups: the user's chains (SPEC.md section 7, "Company data"). */
export async function groupRoutes(app: FastifyInstance): Promise<void> {
  app.get('/groups', { preHandler: authenticate }, async (request) =>
    success(await listUserGroups(app.db, requireAuth(request).userId)),
  )
}
