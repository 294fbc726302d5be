import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { resourcesSchema } from '../../../contract/resources/schemas'

/** GET /resources/{companyId} */
export function fetchResources(companyId: number) {
  return apiRequest(`/resources/${companyId}`, { schema: resourcesSchema })
}

export const resourcesQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['resources', companyId], queryFn: () => fetchResources(companyId) })

export const useResources = (companyId: number) => useQuery(resourcesQueryOptions(companyId))
