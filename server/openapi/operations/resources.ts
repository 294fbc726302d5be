import * as v from 'valibot'
import {
  freeResourcesSchema,
  loadFreeResourceInstancesBodySchema,
  resourceCreateSchema,
  resourceInstanceCreateSchema,
  resourceInstanceParamsSchema,
  resourceInstanceSchema,
  resourceInstanceUpdateSchema,
  resourceInstancesQuerySchema,
  resourceInstancesSchema,
  resourceParamsSchema,
  resourceUpdateSchema,
  resourceWithServicesSchema,
  resourcesSchema,
} from '../../../contract/resources/schemas'
import type { Operation } from '../operation'

export const resourcesOperations: Operation[] = [
  {
    method: 'GET',
    path: '/resources/:companyId',
    summary: 'The resources, each with the services that need it',
    reply: resourcesSchema,
  },
  {
    method: 'GET',
    path: '/company/:id/resource_instances',
    summary: 'Every instance with its resource',
    query: resourceInstancesQuerySchema,
    reply: resourceInstancesSchema,
  },
  {
    method: 'POST',
    path: '/resources/:companyId',
    summary: 'A new resource with the services that need it',
    body: resourceCreateSchema,
    reply: resourceWithServicesSchema,
  },
  {
    method: 'PUT',
    path: '/resources/:companyId/:resourceId',
    summary: 'The fields sent change; a service list replaces the old one',
    params: resourceParamsSchema,
    body: resourceUpdateSchema,
    reply: resourceWithServicesSchema,
  },
  {
    method: 'DELETE',
    path: '/resources/:companyId/:resourceId',
    summary: 'With its instances, unless a booking holds one of them',
    params: resourceParamsSchema,
    reply: v.null(),
  },
  {
    method: 'POST',
    path: '/company/:id/resource_instances',
    summary: "A new instance of one of the company's resources",
    body: resourceInstanceCreateSchema,
    reply: resourceInstanceSchema,
  },
  {
    method: 'PUT',
    path: '/company/:id/resource_instances/:instanceId',
    summary: 'A new title',
    params: resourceInstanceParamsSchema,
    body: resourceInstanceUpdateSchema,
    reply: resourceInstanceSchema,
  },
  {
    method: 'DELETE',
    path: '/company/:id/resource_instances/:instanceId',
    summary: 'Refused while a booking holds it',
    params: resourceInstanceParamsSchema,
    reply: v.null(),
  },
  {
    method: 'POST',
    path: '/resource_instances/loadFreeResourceInstances',
    summary: 'The instances free for the services at that time and length',
    body: loadFreeResourceInstancesBodySchema,
    reply: freeResourcesSchema,
  },
]
