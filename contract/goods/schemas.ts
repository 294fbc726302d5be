import * as v from 'valibot'
import { includeQuerySchema } from '../include-query'
import { requiredTextSchema, idParamSchema } from '../id-params'
import { atLeastOneField, int4Schema } from '../storable-values'

/** The parent id of a root goods category (SPEC.md section 9). */
export const rootGoodCategoryParentId = 0

export const goodSchema = v.object({
  id: v.number(),
  category_id: v.number(),
  title: v.string(),
  article: v.string(),
  price: v.number(),
  unit_id: v.nullable(v.number()),
})
export type Good = v.InferOutput<typeof goodSchema>

const goodCategoryFields = {
  id: v.number(),
  parent_category_id: v.number(),
  title: v.string(),
  weight: v.number(),
}

/** A category with, on request (include), its direct child categories and its goods. */
export const goodCategorySchema = v.object({
  ...goodCategoryFields,
  child_categories: v.optional(v.array(v.object(goodCategoryFields))),
  goods: v.optional(v.array(goodSchema)),
})
export type GoodCategory = v.InferOutput<typeof goodCategorySchema>
export const goodCategoriesSchema = v.array(goodCategorySchema)

const includeSchema = includeQuerySchema(['child_categories', 'goods'])

export const goodCategoriesQuerySchema = v.object({
  include: includeSchema,
  'filter[parent_category_id]': v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,9}$/, /*i18n*/ 'must be 0 or a category id'), v.transform(Number)),
  ),
})

export const goodCategoryQuerySchema = v.object({ include: includeSchema })

export const goodCategoryParamsSchema = v.looseObject({
  categoryId: idParamSchema,
})

/** A category title: text of up to 255 characters, not empty once trimmed. */
const categoryTitleSchema = requiredTextSchema(255)

/** 0 for the top level, else the id of the category to hold this one. */
const parentCategoryIdSchema = int4Schema(0, /*i18n*/ 'must be 0 (top level) or a category id')

/** Body of POST companies/{company}/good_categories: a new category, at the top level unless a parent is named. */
export const goodCategoryCreateSchema = v.object({
  title: categoryTitleSchema,
  parent_category_id: v.optional(parentCategoryIdSchema, rootGoodCategoryParentId),
})
export type GoodCategoryCreate = v.InferInput<typeof goodCategoryCreateSchema>

/**
 * Body of PUT companies/{company}/good_categories/{id}: a new title (rename), a new parent (move), or both. A move
 * under the category itself or one of its own subcategories is refused, since the tree would become a loop.
 */
export const goodCategoryUpdateSchema = v.pipe(
  v.object({
    title: v.optional(categoryTitleSchema),
    parent_category_id: v.optional(parentCategoryIdSchema),
  }),
  atLeastOneField(),
)
export type GoodCategoryUpdate = v.InferInput<typeof goodCategoryUpdateSchema>
