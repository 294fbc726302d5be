import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'
import {
  resourcesSchema,
  resourceWithServicesSchema,
  type ResourceCreate,
  type ResourceUpdate,
} from '../../../contract/resources/schemas'

/** GET /resources/{companyId}: the resources, each with the services that need it. */
export function fetchResources(companyId: number) {
  return apiRequest(`/resources/${companyId}`, { schema: resourcesSchema })
}

export const resourcesQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['resources', companyId], queryFn: () => fetchResources(companyId) })

export const useResources = (companyId: number) => useQuery(resourcesQueryOptions(companyId))

/** POST /resources/{companyId}: a new resource with the services that need it. */
export function createResource(companyId: number, body: ResourceCreate) {
  return apiRequest(`/resources/${companyId}`, { method: 'POST', body, schema: resourceWithServicesSchema })
}

/** PUT /resources/{companyId}/{resourceId}: the fields sent change; a service list replaces the old one. */
export function updateResource(companyId: number, resourceId: number, body: ResourceUpdate) {
  return apiRequest(`/resources/${companyId}/${resourceId}`, {
    method: 'PUT',
    body,
    schema: resourceWithServicesSchema,
  })
}

/** DELETE /resources/{companyId}/{resourceId}: with its instances, unless a booking holds one of them. */
export function deleteResource(companyId: number, resourceId: number) {
  return apiRequest(`/resources/${companyId}/${resourceId}`, { method: 'DELETE', schema: v.null() })
}

/**
 * After a change to resources or their instances: the resources, the instances, the services (each lists the
 * resources it needs) and every free-instance answer may be out of date. The lists are read again without
 * waiting, so that a form is emptied as soon as its save succeeds, not after the lists, when the user may
 * already be typing the next entry.
 */
export function useResourcesInvalidation(companyId: number) {
  const queryClient = useQueryClient()
  return () => {
    for (const queryKey of [
      ['resources', companyId],
      ['resource-instances', companyId],
      ['services', companyId],
      ['free-resource-instances'],
    ]) {
      void queryClient.invalidateQueries({ queryKey })
    }
  }
}

export function useCreateResource(companyId: number) {
  const onSuccess = useResourcesInvalidation(companyId)
  return useMutation({ mutationFn: (body: ResourceCreate) => createResource(companyId, body), onSuccess })
}

export function useUpdateResource(companyId: number) {
  const onSuccess = useResourcesInvalidation(companyId)
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ResourceUpdate }) => updateResource(companyId, id, body),
    onSuccess,
  })
}

export function useDeleteResource(companyId: number) {
  const onSuccess = useResourcesInvalidation(companyId)
  return useMutation({ mutationFn: (id: number) => deleteResource(companyId, id), onSuccess })
}
