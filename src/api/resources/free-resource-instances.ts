import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { freeResourcesSchema, type LoadFreeResourceInstancesBody } from '../../../contract/resources/schemas'

/**
 * POST /resource_instances/loadFreeResourceInstances: the instances free for the services at that time and length.
 * The server takes the form body of the specification and the same fields as JSON; the app sends JSON, like
 * every other call.
 */
export function fetchFreeResourceInstances(body: LoadFreeResourceInstancesBody) {
  return apiRequest('/resource_instances/loadFreeResourceInstances', {
    method: 'POST',
    body,
    schema: freeResourcesSchema,
  })
}

/** A read, although it is a POST: the answer depends only on the question, so it is cached like a query. */
export const freeResourceInstancesQueryOptions = (body: LoadFreeResourceInstancesBody) =>
  queryOptions({
    queryKey: ['free-resource-instances', body],
    queryFn: () => fetchFreeResourceInstances(body),
  })

export const useFreeResourceInstances = (body: LoadFreeResourceInstancesBody) =>
  useQuery(freeResourceInstancesQueryOptions(body))
