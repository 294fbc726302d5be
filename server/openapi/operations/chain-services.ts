import * as v from 'valibot'
import {
  chainServiceCreateSchema,
  chainServiceListSchema,
  chainServiceParamsSchema,
  chainServiceSchema,
  chainServiceUpdateSchema,
  chainServicesParamsSchema,
} from '../../../contract/chain-services/schemas'
import type { Operation } from '../operation'

export const chainServicesOperations: Operation[] = [
  {
    method: 'GET',
    path: '/chain/:groupId/services',
    summary: "The chain's services with each salon's copy",
    params: chainServicesParamsSchema,
    reply: chainServiceListSchema,
  },
  {
    method: 'GET',
    path: '/chain/:groupId/services/:id',
    summary: 'Read chain service',
    params: chainServiceParamsSchema,
    reply: chainServiceSchema,
  },
  {
    method: 'POST',
    path: '/chain/:groupId/services',
    summary: 'Create chain service',
    params: chainServicesParamsSchema,
    body: chainServiceCreateSchema,
    reply: chainServiceSchema,
  },
  {
    method: 'PUT',
    path: '/chain/:groupId/services/:id',
    summary: "Only the fields sent change; every linked salon's copy follows",
    params: chainServiceParamsSchema,
    body: chainServiceUpdateSchema,
    reply: chainServiceSchema,
  },
  {
    method: 'DELETE',
    path: '/chain/:groupId/services/:id',
    summary: 'The salons keep their copies as their own services',
    params: chainServiceParamsSchema,
    reply: v.null(),
  },
]
