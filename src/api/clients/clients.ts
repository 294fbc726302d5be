import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import {
  clientCardSchema,
  clientListMetaSchema,
  clientListSchema,
  importReportSchema,
  mergeReportSchema,
  type CreateClientBody,
  type UpdateClientBody,
} from '../../../contract/clients/schemas'
import { apiRequest, apiRequestWithMeta } from '../client'

/** The filters of the client list, as the URL keeps them. */
export interface ClientListFilters {
  page: number
  q: string
}

/** GET /company/{id}/clients?page=&q=: one page of clients with the paging facts of the reply's meta. */
export async function fetchClients(companyId: number, filters: ClientListFilters) {
  const { data, meta } = await apiRequestWithMeta(`/company/${companyId}/clients`, {
    query: { page: filters.page, ...(filters.q ? { q: filters.q } : {}) },
    schema: clientListSchema,
    metaSchema: clientListMetaSchema,
  })
  return { clients: data, ...meta }
}

export const clientsQueryOptions = (companyId: number, filters: ClientListFilters) =>
  queryOptions({
    queryKey: ['clients', companyId, 'list', filters],
    queryFn: () => fetchClients(companyId, filters),
    // Typing a search keeps the previous page on screen until the new one arrives.
    placeholderData: keepPreviousData,
  })

export const useClients = (companyId: number, filters: ClientListFilters) =>
  useQuery(clientsQueryOptions(companyId, filters))

/** GET /company/{id}/clients/{clientId} */
export const clientQueryOptions = (companyId: number, clientId: number) =>
  queryOptions({
    queryKey: ['clients', companyId, 'card', clientId],
    queryFn: () => apiRequest(`/company/${companyId}/clients/${clientId}`, { schema: clientCardSchema }),
  })

export const useClient = (companyId: number, clientId: number) =>
  useQuery(clientQueryOptions(companyId, clientId))

function useInvalidateClients(companyId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['clients', companyId] })
}

/** POST /company/{id}/clients */
export function useCreateClient(companyId: number) {
  const onSuccess = useInvalidateClients(companyId)
  return useMutation({
    mutationFn: (body: CreateClientBody) =>
      apiRequest(`/company/${companyId}/clients`, { method: 'POST', body, schema: clientCardSchema }),
    onSuccess,
  })
}

/** PUT /company/{id}/clients/{clientId} */
export function useUpdateClient(companyId: number, clientId: number) {
  const onSuccess = useInvalidateClients(companyId)
  return useMutation({
    mutationFn: (body: UpdateClientBody) =>
      apiRequest(`/company/${companyId}/clients/${clientId}`, {
        method: 'PUT',
        body,
        schema: clientCardSchema,
      }),
    onSuccess,
  })
}

/** DELETE /company/{id}/clients/{clientId} */
export function useDeleteClient(companyId: number, clientId: number) {
  const onSuccess = useInvalidateClients(companyId)
  return useMutation({
    mutationFn: () =>
      apiRequest(`/company/${companyId}/clients/${clientId}`, { method: 'DELETE', schema: v.null() }),
    onSuccess,
  })
}

/** POST /company/{id}/clients/{clientId}/merge {other_client_id} */
export function useMergeClient(companyId: number, clientId: number) {
  const onSuccess = useInvalidateClients(companyId)
  return useMutation({
    mutationFn: (otherClientId: number) =>
      apiRequest(`/company/${companyId}/clients/${clientId}/merge`, {
        method: 'POST',
        body: { other_client_id: otherClientId },
        schema: mergeReportSchema,
      }),
    onSuccess,
  })
}

/** POST /company/{id}/clients/import {csv, dry_run} */
export function useImportClients(companyId: number) {
  const onSuccess = useInvalidateClients(companyId)
  return useMutation({
    mutationFn: (body: { csv: string; dry_run: boolean }) =>
      apiRequest(`/company/${companyId}/clients/import`, {
        method: 'POST',
        body,
        schema: importReportSchema,
      }),
    onSuccess: (report) => (report.dry_run ? undefined : onSuccess()),
  })
}
