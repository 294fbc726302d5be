import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { mayOpenFlows } from '../../contract/flow-reviews/flows-access'
import { users } from '../db/schema'
import { requireAuth } from '../http/authenticate'
import { HttpError } from '../http/http-error'

/**
 * The reviewer of a request: the signed-in user, who on a production server must carry a page flag that opens
 * /flows (the same rule as the section's gate in the app); 403 for anyone else.
 */
export async function requireFlowsReviewer(app: FastifyInstance, request: FastifyRequest): Promise<number> {
  const { userId } = requireAuth(request)
  if (app.config.NODE_ENV !== 'production') return userId
  const [user] = await app.db.select({ pageFlags: users.pageFlags }).from(users).where(eq(users.id, userId))
  if (!user || !mayOpenFlows(user.pageFlags))
    throw new HttpError(403, /*i18n*/ 'Only superusers and support see the reviews of the flows.')
  return userId
}
