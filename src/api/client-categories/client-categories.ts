import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '../client'
import {
  clientCategoriesSchema,
  clientCategorySchema,
  type CreateClientCategoryBody,
} from '../../../contract/client-categories/schemas'

/** Page 1 unless asked otherwise (SPEC.md section 9). */
export const defaultClientCategoriesPage = 1

/**
 * GET /labels/{companyId}/clients?page=&term=: one page of client categories. A page shorter than
 * clientCategoriesPageSize is the last one.
 */
export function fetchClientCategories(companyId: number, page = defaultClientCategoriesPage, term = '') {
  return apiRequest(`/labels/${companyId}/clients`, {
    query: { page, ...(term ? { term } : {}) },
    schema: clientCategoriesSchema,
  })
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

export function useCreateClientCategory(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateClientCategoryBody) => createClientCategory(companyId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['client-categories', companyId] }),
  })
}
