import * as v from 'valibot'
import {
  categoryCreateSchema,
  categoryListParamsSchema,
  categoryParamsSchema,
  categoryUpdateSchema,
  chainCategoryParamsSchema,
  serviceCategoryListSchema,
  serviceCategorySchema,
} from '../../../contract/service-categories/schemas'
import type { Operation } from '../operation'

export const serviceCategoriesOperations: Operation[] = [
  {
    method: 'GET',
    path: '/service_categories/:companyId/',
    summary: "With include=services to embed each category's services",
    params: categoryListParamsSchema,
    reply: serviceCategoryListSchema,
  },
  {
    method: 'GET',
    path: '/service_categories/:companyId',
    summary: "With include=services to embed each category's services",
    params: categoryListParamsSchema,
    reply: serviceCategoryListSchema,
  },
  {
    method: 'GET',
    path: '/chain/:groupId/service_categories',
    summary: 'The categories of every salon of the chain, merged by title',
    params: chainCategoryParamsSchema,
    reply: serviceCategoryListSchema,
  },
  {
    method: 'POST',
    path: '/service_categories/:companyId/',
    status: 201,
    summary: 'Create service category',
    body: categoryCreateSchema,
    reply: serviceCategorySchema,
  },
  {
    method: 'POST',
    path: '/service_categories/:companyId',
    status: 201,
    summary: 'Create service category',
    body: categoryCreateSchema,
    reply: serviceCategorySchema,
  },
  {
    method: 'PUT',
    path: '/service_categories/:companyId/:id',
    summary: 'Update service category',
    params: categoryParamsSchema,
    body: categoryUpdateSchema,
    reply: serviceCategorySchema,
  },
  {
    method: 'DELETE',
    path: '/service_categories/:companyId/:id',
    summary: 'Only an empty category can go',
    params: categoryParamsSchema,
    reply: v.null(),
  },
]
