import type { FastifyInstance } from 'fastify'
import {
  clientCategoriesPageSize,
  clientCategoriesQuerySchema,
  clientCategoryParamsSchema,
  createClientCategoryBodySchema,
  updateClientCategoryBodySchema,
} from '../../../contract/client-categories/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { auditOf } from '../change-log/request-audit'
import { companyRoute } from '../groups/company-route'
import {
  createClientCategory,
  deleteClientCategory,
  listClientCategories,
  updateClientCategory,
} from './client-categories'

/**
 * Client categories: GET labels/{companyId}/clients (page, term) and POST labels/{companyId}/clients/create
 * (SPEC.md section 7), with PUT and DELETE labels/{companyId}/clients/{categoryId} beside them. The catalogue has
 * one flag for changing categories, client_categories_create_access; it covers renaming and deleting too.
 */
export async function clientCategoryRoutes(app: FastifyInstance): Promise<void> {
  const edit = companyRoute('companyId', 'client_categories_create_access')
  app.get(
    '/labels/:companyId/clients',
    companyRoute('companyId', 'client_categories_access'),
    async (request) => {
      const query = validate(clientCategoriesQuerySchema, request.query)
      const { categories, total } = await listClientCategories(
        app.db,
        requireMembership(request).companyId,
        query,
      )
      return success(categories, { page: query.page, per_page: clientCategoriesPageSize, total })
    },
  )

  app.post('/labels/:companyId/clients/create', edit, async (request, reply) => {
    const body = validate(createClientCategoryBodySchema, request.body)
    const category = await createClientCategory(
      app.db,
      requireMembership(request).companyId,
      body,
      auditOf(request),
    )
    return reply.status(201).send(success(category))
  })

  app.put('/labels/:companyId/clients/:categoryId', edit, async (request) => {
    const { categoryId } = validate(clientCategoryParamsSchema, request.params)
    const body = validate(updateClientCategoryBodySchema, request.body)
    return success(
      await updateClientCategory(
        app.db,
        requireMembership(request).companyId,
        categoryId,
        body,
        auditOf(request),
      ),
    )
  })

  app.delete('/labels/:companyId/clients/:categoryId', edit, async (request) => {
    const { categoryId } = validate(clientCategoryParamsSchema, request.params)
    await deleteClientCategory(app.db, requireMembership(request).companyId, categoryId, auditOf(request))
    return success(null)
  })
}
