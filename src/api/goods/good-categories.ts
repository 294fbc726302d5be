import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'
import {
  goodCategoriesSchema,
  goodCategorySchema,
  rootGoodCategoryParentId,
  type GoodCategoryCreate,
  type GoodCategoryUpdate,
} from '../../../contract/goods/schemas'

const include = 'child_categories,goods'

/** GET companies/{companyId}/good_categories?include=child_categories,goods&filter[parent_category_id]=0 */
export function fetchRootGoodCategories(companyId: number) {
  return apiRequest(`/companies/${companyId}/good_categories`, {
    query: { include, 'filter[parent_category_id]': rootGoodCategoryParentId },
    schema: goodCategoriesSchema,
  })
}

export const rootGoodCategoriesQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['good-categories', companyId, 'roots'],
    queryFn: () => fetchRootGoodCategories(companyId),
  })

export const useRootGoodCategories = (companyId: number) =>
  useQuery(rootGoodCategoriesQueryOptions(companyId))

/** GET companies/{companyId}/good_categories/{categoryId}?include=child_categories,goods: one level down the tree. */
export function fetchGoodCategory(companyId: number, categoryId: number) {
  return apiRequest(`/companies/${companyId}/good_categories/${categoryId}`, {
    query: { include },
    schema: goodCategorySchema,
  })
}

export const goodCategoryQueryOptions = (companyId: number, categoryId: number) =>
  queryOptions({
    queryKey: ['good-categories', companyId, categoryId],
    queryFn: () => fetchGoodCategory(companyId, categoryId),
  })

export const useGoodCategory = (companyId: number, categoryId: number) =>
  useQuery(goodCategoryQueryOptions(companyId, categoryId))

/**
 * GET companies/{companyId}/good_categories?include=goods: every category of the company, flat, each with its
 * goods. The goods screen builds the whole tree from this one list.
 */
export function fetchAllGoodCategories(companyId: number) {
  return apiRequest(`/companies/${companyId}/good_categories`, {
    query: { include: 'goods' },
    schema: goodCategoriesSchema,
  })
}

export const allGoodCategoriesQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['good-categories', companyId, 'all'],
    queryFn: () => fetchAllGoodCategories(companyId),
  })

export const useAllGoodCategories = (companyId: number) => useQuery(allGoodCategoriesQueryOptions(companyId))

/** POST companies/{companyId}/good_categories: a new category, at the top level (parent 0) or inside another. */
export function createGoodCategory(companyId: number, body: GoodCategoryCreate) {
  return apiRequest(`/companies/${companyId}/good_categories`, {
    method: 'POST',
    body,
    schema: goodCategorySchema,
  })
}

/** PUT companies/{companyId}/good_categories/{categoryId}: rename (title), move (parent_category_id), or both. */
export function updateGoodCategory(companyId: number, categoryId: number, body: GoodCategoryUpdate) {
  return apiRequest(`/companies/${companyId}/good_categories/${categoryId}`, {
    method: 'PUT',
    body,
    schema: goodCategorySchema,
  })
}

/** DELETE companies/{companyId}/good_categories/{categoryId}: only an empty category goes. */
export function deleteGoodCategory(companyId: number, categoryId: number) {
  return apiRequest(`/companies/${companyId}/good_categories/${categoryId}`, {
    method: 'DELETE',
    schema: v.null(),
  })
}

/**
 * Every change refreshes every goods-category read of the company (the whole tree, the roots, one level), without
 * waiting: the form that saved is emptied at once, not after the tree, when the user may be typing the next title.
 */
function useGoodCategoriesInvalidation(companyId: number) {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['good-categories', companyId] })
  }
}

export function useCreateGoodCategory(companyId: number) {
  const onSuccess = useGoodCategoriesInvalidation(companyId)
  return useMutation({
    mutationFn: (body: GoodCategoryCreate) => createGoodCategory(companyId, body),
    onSuccess,
  })
}

export function useUpdateGoodCategory(companyId: number) {
  const onSuccess = useGoodCategoriesInvalidation(companyId)
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: GoodCategoryUpdate }) =>
      updateGoodCategory(companyId, id, body),
    onSuccess,
  })
}

export function useDeleteGoodCategory(companyId: number) {
  const onSuccess = useGoodCategoriesInvalidation(companyId)
  return useMutation({ mutationFn: (id: number) => deleteGoodCategory(companyId, id), onSuccess })
}
