import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest, apiRequestWithMeta } from '../client'
import {
  clientCategoriesMetaSchema,
  clientCategoriesSchema,
  clientCategorySchema,
  type CreateClientCategoryBody,
  type UpdateClientCategoryBody,
} from '../../../contract/client-categories/schemas'

/** Page 1 unless asked otherwise (SPEC.md section 9). */
export const defaultClientCategoriesPage = 1

/**
 * GET /labels/{companyId}/clients?page=&term=: one page of client categories, with the paging facts (page,
 * per_page, total) from the reply's meta.
 */
export async function fetchClientCategories(
  companyId: number,
  page = defaultClientCategoriesPage,
  term = '',
) {
  const { data, meta } = await apiRequestWithMeta(`/labels/${companyId}/clients`, {
    query: { page, ...(term ? { term } : {}) },
    schema: clientCategoriesSchema,
    metaSchema: clientCategoriesMetaSchema,
  })
  return { categories: data, ...meta }
}

export const clientCategoriesQueryOptions = (
  companyId: number,
  page = defaultClientCategoriesPage,
  term = '',
) =>
  queryOptions({
    queryKey: ['client-categories', companyId, { page, term }],
    queryFn: () => fetchClientCategories(companyId, page, term),
    // Typing a search term keeps the previous page on screen until the new one arrives.
    placeholderData: keepPreviousData,
  })

export const useClientCategories = (companyId: number, page = defaultClientCategoriesPage, term = '') =>
  useQuery(clientCategoriesQueryOptions(companyId, page, term))

/** POST /labels/{companyId}/clients/create {title, color?} */
export function createClientCategory(companyId: number, body: CreateClientCategoryBody) {
  return apiRequest(`/labels/${companyId}/clients/create`, {
    method: 'POST',
    body,
    schema: clientCategorySchema,
  })
}
/** PUT /labels/{companyId}/clients/{categoryId} {title?, color?} */
export function updateClientCategory(companyId: number, categoryId: number, body: UpdateClientCategoryBody) {
  return apiRequest(`/labels/${companyId}/clients/${categoryId}`, {
    method: 'PUT',
    body,
    schema: clientCategorySchema,
  })
}
/** DELETE /labels/{companyId}/clients/{categoryId} */
export function deleteClientCategory(companyId: number, categoryId: number) {
  return apiRequest(`/labels/${companyId}/clients/${categoryId}`, { method: 'DELETE', schema: v.null() })
}

function useClientCategoriesInvalidation(companyId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['client-categories', companyId] })
}
export function useCreateClientCategory(companyId: number) {
  const onSuccess = useClientCategoriesInvalidation(companyId)
  return useMutation({
    mutationFn: (body: CreateClientCategoryBody) => createClientCategory(companyId, body),
    onSuccess,
  })
}
export function useUpdateClientCategory(companyId: number) {
  const onSuccess = useClientCategoriesInvalidation(companyId)
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateClientCategoryBody }) =>
      updateClientCategory(companyId, id, body),
    onSuccess,
  })
}
export function useDeleteClientCategory(companyId: number) {
  const onSuccess = useClientCategoriesInvalidation(companyId)
  return useMutation({ mutationFn: (id: number) => deleteClientCategory(companyId, id), onSuccess })
}
