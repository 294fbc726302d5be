import * as v from 'valibot'
import { countSchema, idParamSchema, requiredTextSchema, textSchema } from '../id-params'
import { serviceSchema } from '../services/schemas'
import { translationSchema, translationsInputSchema } from '../services/translations'

/** SPEC.md section 3: a service category; services is [] whenever the reply does not hold a list. */
export const serviceCategorySchema = v.object({
  id: v.number(),
  api_id: v.string(),
  title: v.string(),
  /** Ids of the employees who provide at least one service of the category. */
  staff: v.array(v.number()),
  service_count: v.number(),
  services_count: v.number(),
  weight: v.number(),
  is_chain: v.boolean(),
  is_new_category: v.boolean(),
  is_category: v.literal(true),
  booking_title: v.string(),
  /** 0 anyone, 1 men, 2 women. */
  sex: v.picklist([0, 1, 2]),
  salon_ids: v.array(v.number()),
  services: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (Array.isArray(value) ? value : [])),
      v.array(serviceSchema),
    ),
    [],
  ),
  translations: v.array(translationSchema),
})
export type ServiceCategory = v.InferOutput<typeof serviceCategorySchema>
export type ServiceCategoryReply = v.InferInput<typeof serviceCategorySchema>
export const serviceCategoryListSchema = v.array(serviceCategorySchema)

export const categoryListParamsSchema = v.looseObject({ companyId: idParamSchema })
export const categoryParamsSchema = v.looseObject({ companyId: idParamSchema, id: idParamSchema })
export const chainCategoryParamsSchema = v.looseObject({ groupId: idParamSchema })

/** Query of the category lists: include=services embeds each category's services. */
export const categoryListQuerySchema = v.looseObject({ include: v.optional(v.string()) })

const categoryInputEntries = {
  title: requiredTextSchema(255),
  weight: countSchema(1_000_000),
  booking_title: textSchema(255),
  api_id: textSchema(50),
  sex: v.picklist([0, 1, 2], /*i18n*/ 'must be 0 (anyone), 1 (men) or 2 (women)'),
  translations: translationsInputSchema,
}

/** Body of POST service_categories/{companyId}/. */
export const categoryCreateSchema = v.object({
  ...v.partial(v.object(categoryInputEntries)).entries,
  title: categoryInputEntries.title,
})
export type CategoryCreate = v.InferOutput<typeof categoryCreateSchema>

/** Body of PUT service_categories/{companyId}/{id}. */
export const categoryUpdateSchema = v.partial(v.object(categoryInputEntries))
export type CategoryUpdate = v.InferOutput<typeof categoryUpdateSchema>
