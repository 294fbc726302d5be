import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'
import {
  storageSchema,
  storagesSchema,
  type StorageCreate,
  type StorageUpdate,
} from '../../../contract/storages/schemas'

/** GET /storages/{companyId}/: the company's storages. */
export function fetchStorages(companyId: number) {
  return apiRequest(`/storages/${companyId}/`, { schema: storagesSchema })
}

export const storagesQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['storages', companyId], queryFn: () => fetchStorages(companyId) })

export const useStorages = (companyId: number) => useQuery(storagesQueryOptions(companyId))

/** POST /storages/{companyId}/ {title, type, comment?}. */
export function createStorage(companyId: number, body: StorageCreate) {
  return apiRequest(`/storages/${companyId}/`, { method: 'POST', body, schema: storageSchema })
}
/** PUT /storages/{companyId}/{storageId}. */
export function updateStorage(companyId: number, storageId: number, body: StorageUpdate) {
  return apiRequest(`/storages/${companyId}/${storageId}`, { method: 'PUT', body, schema: storageSchema })
}
/** DELETE /storages/{companyId}/{storageId}: refused (409, code 3003) for the company's last storage. */
export function deleteStorage(companyId: number, storageId: number) {
  return apiRequest(`/storages/${companyId}/${storageId}`, { method: 'DELETE', schema: v.null() })
}

function useStoragesInvalidation(companyId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['storages', companyId] })
}
export function useCreateStorage(companyId: number) {
  const onSuccess = useStoragesInvalidation(companyId)
  return useMutation({ mutationFn: (body: StorageCreate) => createStorage(companyId, body), onSuccess })
}
export function useUpdateStorage(companyId: number) {
  const onSuccess = useStoragesInvalidation(companyId)
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: StorageUpdate }) => updateStorage(companyId, id, body),
    onSuccess,
  })
}
export function useDeleteStorage(companyId: number) {
  const onSuccess = useStoragesInvalidation(companyId)
  return useMutation({ mutationFn: (id: number) => deleteStorage(companyId, id), onSuccess })
}
