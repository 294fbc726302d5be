import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { resourceInstancesSchema } from '../../../contract/resources/schemas'

/** GET /company/{companyId}/resource_instances?include=resource: every instance with its resource. */
export function fetchResourceInstances(companyId: number) {
  return apiRequest(`/company/${companyId}/resource_instances`, {
    query: { include: 'resource' },
    schema: resourceInstancesSchema,
  })
}

export const resourceInstancesQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['resource-instances', companyId],
    queryFn: () => fetchResourceInstances(companyId),
  })

export const useResourceInstances = (companyId: number) => useQuery(resourceInstancesQueryOptions(companyId))
