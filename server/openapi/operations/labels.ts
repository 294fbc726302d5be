import * as v from 'valibot'
import {
  clientCategoriesQuerySchema,
  clientCategoriesSchema,
} from '../../../contract/client-categories/schemas'
import {
  labelCreateSchema,
  labelEntityParamsSchema,
  labelListQuerySchema,
  labelListSchema,
  labelParamsSchema,
  labelSchema,
  labelUpdateSchema,
} from '../../../contract/labels/schemas'
import type { Operation } from '../operation'

export const labelsOperations: Operation[] = [
  {
    method: 'GET',
    path: '/labels/:companyId/clients',
    summary: 'The client categories of a company, a page at a time',
    query: clientCategoriesQuerySchema,
    reply: clientCategoriesSchema,
  },
  {
    method: 'GET',
    path: '/company/:id/labels',
    summary: "With filter[entity]: the company's labels, optionally of one entity",
    query: labelListQuerySchema,
    reply: labelListSchema,
  },
  {
    method: 'GET',
    path: '/labels/:companyId/:entity',
    summary: 'Read entity labels',
    params: labelEntityParamsSchema,
    reply: labelListSchema,
  },
  {
    method: 'POST',
    path: '/labels/:companyId/',
    status: 201,
    summary: 'Create label',
    body: labelCreateSchema,
    reply: labelSchema,
  },
  {
    method: 'POST',
    path: '/labels/:companyId',
    status: 201,
    summary: 'Create label',
    body: labelCreateSchema,
    reply: labelSchema,
  },
  {
    method: 'PUT',
    path: '/labels/:companyId/:id',
    summary: 'Update label',
    params: labelParamsSchema,
    body: labelUpdateSchema,
    reply: labelSchema,
  },
  {
    method: 'DELETE',
    path: '/labels/:companyId/:id',
    summary: 'The label is marked deleted',
    params: labelParamsSchema,
    reply: v.null(),
  },
]
