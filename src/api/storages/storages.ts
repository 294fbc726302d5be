import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { storagesSchema } from '../../../contract/storages/schemas'

/** GET /storages/{companyId}/: the company's storages. */
export function fetchStorages(companyId: number) {
  return apiRequest(`/storages/${companyId}/`, { schema: storagesSchema })
}

export const storagesQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['storages', companyId], queryFn: () => fetchStorages(companyId) })

export const useStorages = (companyId: number) => useQuery(storagesQueryOptions(companyId))
