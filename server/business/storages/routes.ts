import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  storageCreateSchema,
  storageParamsSchema,
  storageUpdateSchema,
} from '../../../contract/storages/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { auditOf } from '../change-log/request-audit'
import { companyRoute } from '../groups/company-route'
import { createStorage, deleteStorage, listStorages, updateStorage } from './storage-writes'

/**
 * GET /storages/{companyId}/ (SPEC.md section 7) with storages_access, and the writes beside it with
 * storages_edit_access: POST to create, PUT and DELETE /storages/{companyId}/{storageId}.
 */
export async function storageRoutes(app: FastifyInstance): Promise<void> {
  const read = companyRoute('companyId', 'storages_access')
  const edit = companyRoute('companyId', 'storages_edit_access')
  const list = async (request: FastifyRequest) =>
    success(await listStorages(app.db, requireMembership(request).companyId))
  app.get('/storages/:companyId/', read, list)
  app.get('/storages/:companyId', read, list)

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = validate(storageCreateSchema, request.body)
    const storage = await createStorage(app.db, requireMembership(request).companyId, body, auditOf(request))
    reply.status(201)
    return success(storage)
  }
  app.post('/storages/:companyId/', edit, create)
  app.post('/storages/:companyId', edit, create)

  app.put('/storages/:companyId/:storageId', edit, async (request) => {
    const { storageId } = validate(storageParamsSchema, request.params)
    const body = validate(storageUpdateSchema, request.body)
    return success(
      await updateStorage(app.db, requireMembership(request).companyId, storageId, body, auditOf(request)),
    )
  })

  app.delete('/storages/:companyId/:storageId', edit, async (request) => {
    const { storageId } = validate(storageParamsSchema, request.params)
    await deleteStorage(app.db, requireMembership(request).companyId, storageId, auditOf(request))
    return success(null)
  })
}
