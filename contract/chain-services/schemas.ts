import * as v from 'valibot'
import { countSchema, idParamSchema, idSchema, requiredTextSchema, textSchema } from '../id-params'

/** One salon's copy of a chain service: the salon's own service id, and the price and comment it shows. */
export const chainServiceSalonSchema = v.object({
  salon_id: v.number(),
  service_id: v.number(),
  price_min: v.number(),
  price_max: v.number(),
  comment: v.string(),
})
export type ChainServiceSalon = v.InferOutput<typeof chainServiceSalonSchema>

/**
 * A service of a chain's catalogue (SPEC.md section 3, "Chain service" and "Chain details"): the chain's range
 * and comment, whether salons may change them, and the salons that have a copy of it.
 */
export const chainServiceSchema = v.object({
  id: v.number(),
  group_id: v.number(),
  title: v.string(),
  /** The category a newly linked salon's copy goes into (found by title, created when missing). */
  category_title: v.string(),
  /** Seconds: the duration a newly linked salon's copy starts with. */
  duration: v.number(),
  price_min: v.number(),
  price_max: v.number(),
  comment: v.string(),
  is_price_managed_only_in_chain: v.boolean(),
  is_comment_managed_only_in_chain: v.boolean(),
  version: v.number(),
  salon_ids: v.array(v.number()),
  salons: v.array(chainServiceSalonSchema),
})
export type ChainService = v.InferOutput<typeof chainServiceSchema>
export const chainServiceListSchema = v.array(chainServiceSchema)

export const chainServicesParamsSchema = v.looseObject({ groupId: idParamSchema })
export const chainServiceParamsSchema = v.looseObject({ groupId: idParamSchema, id: idParamSchema })

const priceSchema = countSchema(100_000_000)

const chainServiceInputEntries = {
  title: requiredTextSchema(255),
  category_title: requiredTextSchema(255),
  /** Seconds, from 5 minutes to a day. */
  duration: v.pipe(countSchema(86_400), v.minValue(300, /*i18n*/ 'must be at least 300 seconds')),
  price_min: priceSchema,
  price_max: priceSchema,
  comment: textSchema(1000),
  is_price_managed_only_in_chain: v.boolean(/*i18n*/ 'must be true or false'),
  is_comment_managed_only_in_chain: v.boolean(/*i18n*/ 'must be true or false'),
  /** The chain's salons that have a copy; the list replaces the one before. */
  salon_ids: v.pipe(
    v.array(idSchema),
    v.maxLength(1000),
    v.check((ids) => new Set(ids).size === ids.length, /*i18n*/ 'must not name a salon twice'),
  ),
}

/** Body of POST /chain/{groupId}/services: title, category and duration are required. */
export const chainServiceCreateSchema = v.object({
  ...v.partial(v.object(chainServiceInputEntries)).entries,
  title: chainServiceInputEntries.title,
  category_title: chainServiceInputEntries.category_title,
  duration: chainServiceInputEntries.duration,
})
export type ChainServiceCreate = v.InferOutput<typeof chainServiceCreateSchema>
export type ChainServiceCreateBody = v.InferInput<typeof chainServiceCreateSchema>

/**
 * Body of PUT /chain/{groupId}/services/{id}: the fields sent change. With `expected_version` a save made from
 * an older copy is refused (409), as in the salon's service editor.
 */
export const chainServiceUpdateSchema = v.partial(
  v.object({
    ...chainServiceInputEntries,
    expected_version: v.pipe(countSchema(2_000_000_000), v.minValue(1)),
  }),
)
export type ChainServiceUpdate = v.InferOutput<typeof chainServiceUpdateSchema>
export type ChainServiceUpdateBody = v.InferInput<typeof chainServiceUpdateSchema>
