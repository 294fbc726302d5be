import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'
import {
  resourceInstanceSchema,
  resourceInstancesSchema,
  type ResourceInstanceCreate,
  type ResourceInstanceUpdate,
} from '../../../contract/resources/schemas'
import { useResourcesInvalidation } from './resources'

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

/** POST /company/{companyId}/resource_instances: a new instance of one of the company's resources. */
export function createResourceInstance(companyId: number, body: ResourceInstanceCreate) {
  return apiRequest(`/company/${companyId}/resource_instances`, {
    method: 'POST',
    body,
    schema: resourceInstanceSchema,
  })
}

/** PUT /company/{companyId}/resource_instances/{instanceId}: a new title. */
export function renameResourceInstance(companyId: number, instanceId: number, body: ResourceInstanceUpdate) {
  return apiRequest(`/company/${companyId}/resource_instances/${instanceId}`, {
    method: 'PUT',
    body,
    schema: resourceInstanceSchema,
  })
}

/** DELETE /company/{companyId}/resource_instances/{instanceId}: refused while a booking holds it. */
export function deleteResourceInstance(companyId: number, instanceId: number) {
  return apiRequest(`/company/${companyId}/resource_instances/${instanceId}`, {
    method: 'DELETE',
    schema: v.null(),
  })
}

export function useCreateResourceInstance(companyId: number) {
  const onSuccess = useResourcesInvalidation(companyId)
  return useMutation({
    mutationFn: (body: ResourceInstanceCreate) => createResourceInstance(companyId, body),
    onSuccess,
  })
}

export function useRenameResourceInstance(companyId: number) {
  const onSuccess = useResourcesInvalidation(companyId)
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ResourceInstanceUpdate }) =>
      renameResourceInstance(companyId, id, body),
    onSuccess,
  })
}

export function useDeleteResourceInstance(companyId: number) {
  const onSuccess = useResourcesInvalidation(companyId)
  return useMutation({ mutationFn: (id: number) => deleteResourceInstance(companyId, id), onSuccess })
}
