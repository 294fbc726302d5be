import { queryOptions, useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  chainServiceListSchema,
  chainServiceSchema,
  type ChainServiceCreateBody,
  type ChainServiceUpdateBody,
} from '../../../contract/chain-services/schemas'
import { apiRequest } from '../client'

/** GET /chain/{groupId}/services: the chain's services with each salon's copy. */
export function fetchChainServices(groupId: number) {
  return apiRequest(`/chain/${groupId}/services`, { schema: chainServiceListSchema })
}
export const chainServicesQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: ['chain-services', groupId, 'list'], queryFn: () => fetchChainServices(groupId) })
export const useChainServices = (groupId: number) => useQuery(chainServicesQueryOptions(groupId))

/** GET /chain/{groupId}/services/{id}. */
export function fetchChainService(groupId: number, id: number) {
  return apiRequest(`/chain/${groupId}/services/${id}`, { schema: chainServiceSchema })
}
export const chainServiceQueryOptions = (groupId: number, id: number) =>
  queryOptions({
    queryKey: ['chain-services', groupId, 'one', id],
    queryFn: () => fetchChainService(groupId, id),
  })

/** POST /chain/{groupId}/services. */
export const createChainService = (groupId: number, body: ChainServiceCreateBody) =>
  apiRequest(`/chain/${groupId}/services`, { method: 'POST', body, schema: chainServiceSchema })
/** PUT /chain/{groupId}/services/{id}: only the fields sent change; every linked salon's copy follows. */
export const updateChainService = (groupId: number, id: number, body: ChainServiceUpdateBody) =>
  apiRequest(`/chain/${groupId}/services/${id}`, { method: 'PUT', body, schema: chainServiceSchema })
/** DELETE /chain/{groupId}/services/{id}: the salons keep their copies as their own services. */
export const deleteChainService = (groupId: number, id: number) =>
  apiRequest(`/chain/${groupId}/services/${id}`, { method: 'DELETE', schema: v.null() })
