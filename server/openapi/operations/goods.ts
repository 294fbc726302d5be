import * as v from 'valibot'
import {
  goodCategoriesQuerySchema,
  goodCategoriesSchema,
  goodCategoryCreateSchema,
  goodCategoryParamsSchema,
  goodCategoryQuerySchema,
  goodCategorySchema,
  goodCategoryUpdateSchema,
} from '../../../contract/goods/schemas'
import type { Operation } from '../operation'

export const goodsOperations: Operation[] = [
  {
    method: 'GET',
    path: '/companies/:company/good_categories',
    summary: 'Read root good categories',
    query: goodCategoriesQuerySchema,
    reply: goodCategoriesSchema,
  },
  {
    method: 'GET',
    path: '/companies/:company/good_categories/:categoryId',
    summary: 'One level down the tree',
    params: goodCategoryParamsSchema,
    query: goodCategoryQuerySchema,
    reply: goodCategorySchema,
  },
  {
    method: 'POST',
    path: '/companies/:company/good_categories',
    status: 201,
    summary: 'A new category, at the top level (parent 0) or inside another',
    body: goodCategoryCreateSchema,
    reply: goodCategorySchema,
  },
  {
    method: 'PUT',
    path: '/companies/:company/good_categories/:categoryId',
    summary: 'Rename (title), move (parent_category_id), or both',
    params: goodCategoryParamsSchema,
    body: goodCategoryUpdateSchema,
    reply: goodCategorySchema,
  },
  {
    method: 'DELETE',
    path: '/companies/:company/good_categories/:categoryId',
    summary: 'Only an empty category goes',
    params: goodCategoryParamsSchema,
    reply: v.null(),
  },
]
