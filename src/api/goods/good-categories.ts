import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../client'
import {
  goodCategoriesSchema,
  goodCategorySchema,
  rootGoodCategoryParentId,
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
