import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  chainServiceCreateSchema,
  chainServiceParamsSchema,
  chainServicesParamsSchema,
  chainServiceUpdateSchema,
} from '../../../contract/chain-services/schemas'
import { authenticate, requireAuth } from '../../http/authenticate'
import { success } from '../../http/envelope'
import { HttpError } from '../../http/http-error'
import { validate } from '../../http/validate'
import { auditOf } from '../change-log/request-audit'
import { requireChainMember } from './chain-members'
import { createChainService, deleteChainService, updateChainService } from './chain-service-writes'
import { loadChainServices } from './chain-services-view'

/**
 * A chain's catalogue of services (docs/decisions.md, "Chain catalogue"). Any member of one of the chain's
 * salons reads it; another chain's id answers 404. A change needs the settings_services flags in every salon it
 * touches, and reaches every linked salon's copy in the same transaction.
 */
export async function chainServiceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  const signedIn = { preHandler: authenticate }
  const chainOf = (request: FastifyRequest, groupId: number) =>
    requireChainMember(db, requireAuth(request).userId, groupId)

  app.get('/chain/:groupId/services', signedIn, async (request) => {
    const { groupId } = validate(chainServicesParamsSchema, request.params)
    await chainOf(request, groupId)
    const found = await loadChainServices(db, groupId)
    return success(found, { count: found.length })
  })

  app.get('/chain/:groupId/services/:id', signedIn, async (request) => {
    const { groupId, id } = validate(chainServiceParamsSchema, request.params)
    await chainOf(request, groupId)
    const [service] = await loadChainServices(db, groupId, id)
    if (!service) throw new HttpError(404, /*i18n*/ 'Chain service not found')
    return success(service)
  })

  app.post('/chain/:groupId/services', signedIn, async (request: FastifyRequest, reply: FastifyReply) => {
    const { groupId } = validate(chainServicesParamsSchema, request.params)
    const chain = await chainOf(request, groupId)
    const body = validate(chainServiceCreateSchema, request.body)
    reply.status(201)
    return success(await createChainService(db, chain, body, auditOf(request)))
  })

  app.put('/chain/:groupId/services/:id', signedIn, async (request) => {
    const { groupId, id } = validate(chainServiceParamsSchema, request.params)
    const chain = await chainOf(request, groupId)
    const body = validate(chainServiceUpdateSchema, request.body)
    return success(await updateChainService(db, chain, id, body, auditOf(request)))
  })

  app.delete('/chain/:groupId/services/:id', signedIn, async (request) => {
    const { groupId, id } = validate(chainServiceParamsSchema, request.params)
    const chain = await chainOf(request, groupId)
    await deleteChainService(db, chain, id, auditOf(request))
    return success(null)
  })
}
