import * as v from 'valibot'
import { idParamSchema, requiredTextSchema } from '../id-params'
import { atLeastOneField } from '../storable-values'

/** The longest title of a client category. */
export const clientCategoryTitleMax = 60

/** Client categories list this many per page. */
export const clientCategoriesPageSize = 25

export const clientCategorySchema = v.object({ id: v.number(), title: v.string(), color: v.string() })
export type ClientCategory = v.InferOutput<typeof clientCategorySchema>
export const clientCategoriesSchema = v.array(clientCategorySchema)

export const clientCategoriesMetaSchema = v.object({
  page: v.number(),
  per_page: v.number(),
  total: v.number(),
})

/** Query of GET labels/{companyId}/clients: page defaults to 1 (SPEC.md section 9); term searches titles. */
export const clientCategoriesQuerySchema = v.object({
  page: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, /*i18n*/ 'must be a page number'),
      v.transform(Number),
      v.minValue(1, /*i18n*/ 'must be at least 1'),
    ),
    '1',
  ),
  term: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, /*i18n*/ 'is too long')), ''),
})

const colorSchema = v.pipe(
  v.string(),
  v.regex(/^#[0-9a-fA-F]{6}$/, /*i18n*/ 'must be a colour such as #1f8a70'),
)

export const createClientCategoryBodySchema = v.object({
  title: requiredTextSchema(clientCategoryTitleMax),
  color: v.optional(colorSchema, '#7a869a'),
})
export type CreateClientCategoryBody = v.InferInput<typeof createClientCategoryBodySchema>

export const clientCategoryParamsSchema = v.looseObject({
  companyId: idParamSchema,
  categoryId: idParamSchema,
})

/** Body of PUT labels/{companyId}/clients/{categoryId}: rename or recolour. */
export const updateClientCategoryBodySchema = v.pipe(
  v.object({
    title: v.optional(createClientCategoryBodySchema.entries.title),
    color: v.optional(colorSchema),
  }),
  atLeastOneField(),
)
export type UpdateClientCategoryBody = v.InferInput<typeof updateClientCategoryBodySchema>
