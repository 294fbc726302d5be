import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  labelCreateSchema,
  labelEntityParamsSchema,
  labelListQuerySchema,
  labelParamsSchema,
  labelUpdateSchema,
} from '../../../contract/labels/schemas'
import { requireCompanyAccess, requireMembership } from '../../access/company-access'
import { authenticate } from '../../http/authenticate'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { createLabel, deleteLabel, listLabels, updateLabel } from './labels-store'

/**
 * Labels (SPEC.md section 7, "Labels"). Every member reads them, since clients, records and activities show
 * them everywhere; changing them takes settings_labels_edit_access.
 */
export async function labelRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  const read = { preHandler: [authenticate, requireCompanyAccess()] }
  const readByCompany = { preHandler: [authenticate, requireCompanyAccess({ param: 'companyId' })] }
  const edit = {
    preHandler: [
      authenticate,
      requireCompanyAccess({ param: 'companyId', flag: 'settings_labels_edit_access' }),
    ],
  }

  app.get('/company/:id/labels', read, async (request) => {
    const query = validate(labelListQuerySchema, request.query)
    return success(await listLabels(db, requireMembership(request).companyId, query['filter[entity]']))
  })

  app.get('/labels/:companyId/:entity', readByCompany, async (request) => {
    const params = validate(labelEntityParamsSchema, request.params)
    return success(await listLabels(db, params.companyId, params.entity))
  })

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const body = validate(labelCreateSchema, request.body)
    reply.status(201)
    return success(await createLabel(db, requireMembership(request).companyId, body))
  }
  app.post('/labels/:companyId/', edit, create)
  app.post('/labels/:companyId', edit, create)

  app.put('/labels/:companyId/:id', edit, async (request) => {
    const params = validate(labelParamsSchema, request.params)
    const body = validate(labelUpdateSchema, request.body)
    return success(await updateLabel(db, params.companyId, params.id, body))
  })

  app.delete('/labels/:companyId/:id', edit, async (request) => {
    const params = validate(labelParamsSchema, request.params)
    await deleteLabel(db, params.companyId, params.id)
    return success(null)
  })
}
