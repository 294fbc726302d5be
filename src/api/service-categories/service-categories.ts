import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'
import {
  serviceCategoryListSchema,
  serviceCategorySchema,
  type CategoryCreate,
  type CategoryUpdate,
} from '../../../contract/service-categories/schemas'

/** GET service_categories/{companyId}/, with include=services to embed each category's services. */
export function fetchServiceCategories(companyId: number, includeServices = false) {
  return apiRequest(`/service_categories/${companyId}/`, {
    query: { include: includeServices ? 'services' : undefined },
    schema: serviceCategoryListSchema,
  })
}
export const serviceCategoriesQueryOptions = (companyId: number, includeServices = false) =>
  queryOptions({
    queryKey: ['service_categories', companyId, includeServices],
    queryFn: () => fetchServiceCategories(companyId, includeServices),
  })
export const useServiceCategories = (companyId: number, includeServices = false) =>
  useQuery(serviceCategoriesQueryOptions(companyId, includeServices))

/** GET /chain/{groupId}/service_categories: the categories of every salon of the chain, merged by title. */
export function fetchChainServiceCategories(groupId: number, includeServices = false) {
  return apiRequest(`/chain/${groupId}/service_categories`, {
    query: { include: includeServices ? 'services' : undefined },
    schema: serviceCategoryListSchema,
  })
}
export const chainServiceCategoriesQueryOptions = (groupId: number, includeServices = false) =>
  queryOptions({
    queryKey: ['chain_service_categories', groupId, includeServices],
    queryFn: () => fetchChainServiceCategories(groupId, includeServices),
  })
export const useChainServiceCategories = (groupId: number, includeServices = false) =>
  useQuery(chainServiceCategoriesQueryOptions(groupId, includeServices))

/** POST service_categories/{companyId}/. */
export const createServiceCategory = (companyId: number, body: CategoryCreate) =>
  apiRequest(`/service_categories/${companyId}/`, { method: 'POST', body, schema: serviceCategorySchema })
/** PUT service_categories/{companyId}/{id}. */
export const updateServiceCategory = (companyId: number, id: number, body: CategoryUpdate) =>
  apiRequest(`/service_categories/${companyId}/${id}`, { method: 'PUT', body, schema: serviceCategorySchema })
/** DELETE service_categories/{companyId}/{id}: only an empty category can go. */
export const deleteServiceCategory = (companyId: number, id: number) =>
  apiRequest(`/service_categories/${companyId}/${id}`, { method: 'DELETE', schema: v.null() })

function useCategoryMutation<TInput, TResult>(
  companyId: number,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['service_categories', companyId] }),
  })
}
export const useCreateServiceCategory = (companyId: number) =>
  useCategoryMutation(companyId, (body: CategoryCreate) => createServiceCategory(companyId, body))
export const useUpdateServiceCategory = (companyId: number) =>
  useCategoryMutation(companyId, ({ id, body }: { id: number; body: CategoryUpdate }) =>
    updateServiceCategory(companyId, id, body),
  )
/**
 * Saves new weights of several categories (a move renumbers the list) and reads the list once when all have
 * answered, refused or not, so that it shows the order the server holds.
 */
export function useReorderServiceCategories(companyId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (changes: { id: number; weight: number }[]) =>
      Promise.all(
        changes.map((change) => updateServiceCategory(companyId, change.id, { weight: change.weight })),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['service_categories', companyId] }),
  })
}
export const useDeleteServiceCategory = (companyId: number) =>
  useCategoryMutation(companyId, (id: number) => deleteServiceCategory(companyId, id))
