import * as v from 'valibot'
import { imageGroupSchema } from '../../../contract/images/schemas'
import {
  serviceCreateSchema,
  serviceImageParamsSchema,
  serviceListParamsSchema,
  serviceListQuerySchema,
  serviceListSchema,
  serviceParamsSchema,
  serviceSchema,
  serviceSortSchema,
  serviceUpdateSchema,
} from '../../../contract/services/schemas'
import type { Operation } from '../operation'

export const servicesOperations: Operation[] = [
  {
    method: 'GET',
    path: '/services/:companyId/',
    summary: 'The services of a company, optionally of one category or one employee',
    params: serviceListParamsSchema,
    query: serviceListQuerySchema,
    reply: serviceListSchema,
  },
  {
    method: 'GET',
    path: '/services/:companyId',
    summary: 'The services of a company, optionally of one category or one employee',
    params: serviceListParamsSchema,
    query: serviceListQuerySchema,
    reply: serviceListSchema,
  },
  {
    method: 'GET',
    path: '/services/:companyId/:serviceId',
    summary: 'Read service',
    params: serviceParamsSchema,
    reply: serviceSchema,
  },
  {
    method: 'POST',
    path: '/services/:companyId/',
    summary: 'Create service',
    body: serviceCreateSchema,
    reply: serviceSchema,
  },
  {
    method: 'POST',
    path: '/services/:companyId',
    summary: 'Create service',
    body: serviceCreateSchema,
    reply: serviceSchema,
  },
  {
    method: 'POST',
    path: '/services/:companyId/sort',
    summary: "One category's services in their new order; answers that category",
    body: serviceSortSchema,
    reply: serviceListSchema,
  },
  {
    method: 'PUT',
    path: '/services/:companyId/:serviceId',
    summary: 'Only the fields sent change',
    params: serviceParamsSchema,
    body: serviceUpdateSchema,
    reply: serviceSchema,
  },
  {
    method: 'DELETE',
    path: '/services/:companyId/:serviceId',
    summary: 'Delete service',
    params: serviceParamsSchema,
    reply: v.null(),
  },
  {
    method: 'POST',
    path: '/services/:companyId/:serviceId/image',
    summary: "The service's picture as multipart form data",
    params: serviceImageParamsSchema,
    upload: { fileField: 'image' },
    reply: imageGroupSchema,
  },
  {
    method: 'DELETE',
    path: '/services/:companyId/:serviceId/image',
    summary: "Takes the service's pictures off (SPEC.md section 3, delete_image)",
    params: serviceImageParamsSchema,
    reply: v.null(),
  },
]
