import type { FastifyInstance } from 'fastify'
import {
  clientCategoriesPageSize,
  clientCategoriesQuerySchema,
  createClientCategoryBodySchema,
} from '../../../contract/client-categories/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { companyRoute } from '../groups/company-route'
import { createClientCategory, listClientCategories } from './client-categories'

/** Client categories: GET labels/{companyId}/clients (page, term) and POST labels/{companyId}/clients/create. */
export async function clientCategoryRoutes(app: FastifyInstance): Promise<void> {
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

  app.post(
    '/labels/:companyId/clients/create',
    companyRoute('companyId', 'client_categories_create_access'),
    async (request, reply) => {
      const body = validate(createClientCategoryBodySchema, request.body)
      const category = await createClientCategory(app.db, requireMembership(request).companyId, body)
      return reply.status(201).send(success(category))
    },
  )
}
