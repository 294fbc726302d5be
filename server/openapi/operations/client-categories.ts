import * as v from 'valibot'
import {
  clientCategoryParamsSchema,
  clientCategorySchema,
  createClientCategoryBodySchema,
  updateClientCategoryBodySchema,
} from '../../../contract/client-categories/schemas'
import type { Operation } from '../operation'

export const clientCategoriesOperations: Operation[] = [
  {
    method: 'POST',
    path: '/labels/:companyId/clients/create',
    status: 201,
    summary: 'Creates a client category',
    body: createClientCategoryBodySchema,
    reply: clientCategorySchema,
  },
  {
    method: 'PUT',
    path: '/labels/:companyId/clients/:categoryId',
    summary: 'Changes a client category',
    params: clientCategoryParamsSchema,
    body: updateClientCategoryBodySchema,
    reply: clientCategorySchema,
  },
  {
    method: 'DELETE',
    path: '/labels/:companyId/clients/:categoryId',
    summary: 'Delete client category',
    params: clientCategoryParamsSchema,
    reply: v.null(),
  },
]
