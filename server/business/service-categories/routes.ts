import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  categoryCreateSchema,
  categoryListParamsSchema,
  categoryListQuerySchema,
  categoryParamsSchema,
  categoryUpdateSchema,
  chainCategoryParamsSchema,
} from '../../../contract/service-categories/schemas'
import { requireCompanyAccess, requireMembership } from '../../access/company-access'
import { authenticate, requireAuth } from '../../http/authenticate'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories-store'
import { listChainCategories } from './chain-categories'

const includesServices = (request: FastifyRequest) =>
  (validate(categoryListQuerySchema, request.query).include ?? '').split(',').includes('services')

/** Service categories of a company and of a chain; changes take settings_services_categories_access. */
export async function serviceCategoryRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  const read = { preHandler: [authenticate, requireCompanyAccess({ param: 'companyId' })] }
  const edit = {
    preHandler: [
      authenticate,
      requireCompanyAccess({ param: 'companyId', flag: 'settings_services_categories_access' }),
    ],
  }

  const list = async (request: FastifyRequest) => {
    const { companyId } = validate(categoryListParamsSchema, request.params)
    return success(await listCategories(db, companyId, { includeServices: includesServices(request) }))
  }
  app.get('/service_categories/:companyId/', read, list)
  app.get('/service_categories/:companyId', read, list)

  app.get('/chain/:groupId/service_categories', { preHandler: authenticate }, async (request) => {
    const { groupId } = validate(chainCategoryParamsSchema, request.params)
    return success(
      await listChainCategories(db, requireAuth(request).userId, groupId, includesServices(request)),
    )
  })

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const membership = requireMembership(request)
    const body = validate(categoryCreateSchema, request.body)
    reply.status(201)
    return success(await createCategory(db, membership.companyId, membership.mainGroupId, body))
  }
  app.post('/service_categories/:companyId/', edit, create)
  app.post('/service_categories/:companyId', edit, create)

  app.put('/service_categories/:companyId/:id', edit, async (request) => {
    const params = validate(categoryParamsSchema, request.params)
    const body = validate(categoryUpdateSchema, request.body)
    return success(await updateCategory(db, params.companyId, params.id, body))
  })

  app.delete('/service_categories/:companyId/:id', edit, async (request) => {
    const params = validate(categoryParamsSchema, request.params)
    await deleteCategory(db, params.companyId, params.id)
    return success(null)
  })
}
