import * as v from 'valibot'
import { countSchema, idParamSchema, idSchema, requiredTextSchema, textSchema } from '../id-params'
import { imageGroupSchema, imageSchema } from '../images/schemas'
import { requirementModes, serviceOptionEntries } from './service-options'
import { translationSchema, translationsInputSchema } from './translations'
import { fieldText } from '../field-text'

export const compositeStatuses = ['not_configured', 'ready'] as const
export const compositeExecOrders = ['parallel', 'sequential', 'sequential_multi'] as const
export const compositePricingTypes = ['sum', 'manual', 'discount'] as const

/** SPEC.md section 3: one employee who provides the service. */
export const serviceStaffLinkSchema = v.object({
  id: v.number(),
  seance_length: v.number(),
  technological_card_id: v.nullable(v.number()),
  image_url: v.string(),
  name: v.string(),
  price: v.number(),
})

/** SPEC.md section 3: the chain's say over a salon's service. */
export const chainDetailsSchema = v.object({
  is_comment_managed_only_in_chain: v.boolean(),
  is_price_managed_only_in_chain: v.boolean(),
  price_min: v.nullable(v.number()),
  price_max: v.nullable(v.number()),
  comment: v.string(),
})

/** SPEC.md section 3: one part of a composite service. */
export const compositeLinkSchema = v.object({
  id: v.number(),
  service_id: v.number(),
  position: v.number(),
  title: v.string(),
  duration: v.number(),
  price_min: v.number(),
  price_max: v.number(),
  /** The linked service's own prices, before the composite overrides them. */
  primary_price_min: v.number(),
  primary_price_max: v.number(),
  has_masters: v.boolean(),
  is_multi: v.boolean(),
  resource_ids: v.array(v.number()),
  salon_id: v.number(),
  category_id: v.number(),
})

export const compositeDetailsSchema = v.object({
  status: v.picklist(compositeStatuses),
  exec_order: v.picklist(compositeExecOrders),
  pricing_type: v.picklist(compositePricingTypes),
  price_discount_percent: v.number(),
  links: v.array(compositeLinkSchema),
})

const optionReplyEntries = {
  api_id: v.string(),
  capacity: v.number(),
  kkm_settings_id: v.nullable(v.number()),
  autopayment_before_visit_time: v.number(),
  schedule_template_type: v.number(),
  seance_search_start: v.number(),
  seance_search_finish: v.number(),
  seance_search_step: v.number(),
  service_type: v.number(),
  is_abonement_autopayment_enabled: v.boolean(),
  api_service_id: v.number(),
  booking_title: v.string(),
  print_title: v.string(),
  date_from: v.string(),
  date_to: v.string(),
  dates: v.array(v.string()),
  discount: v.number(),
  is_multi: v.boolean(),
  is_need_limit_date: v.boolean(),
  online_invoicing_status: v.number(),
  repeat_visit_days_step: v.nullable(v.number()),
  step: v.number(),
  tax_variant: v.nullable(v.number()),
  vat_id: v.nullable(v.number()),
  is_range_price_enabled: v.boolean(),
  abonement_restriction_value: v.number(),
  price_prepaid_amount: v.number(),
  price_prepaid_percent: v.number(),
  prepaid: v.picklist(requirementModes),
  trial_settings: v.nullable(v.object({ is_enabled: v.boolean(), price: v.number() })),
}

/** SPEC.md section 3: the fields every service has, plain or composite. */
const serviceEntries = {
  id: v.number(),
  salon_id: v.number(),
  salon_service_id: v.number(),
  title: v.string(),
  original_title: v.string(),
  category_id: v.number(),
  is_category: v.literal(false),
  category: v.nullable(v.object({ id: v.number(), title: v.string() })),
  price_min: v.number(),
  price_max: v.number(),
  comment: v.string(),
  weight: v.number(),
  /**
   * How many saved changes the service has had (not in SPEC.md): a save names the one it was made from. Optional,
   * so that a reply shaped as SPEC.md section 3 lists the fields still reads.
   */
  version: v.optional(v.number()),
  active: v.picklist([0, 1]),
  /** Seconds. */
  duration: v.number(),
  services_duration: v.number(),
  technical_break_duration: v.number(),
  default_technical_break_duration: v.number(),
  salon_group_service_link: v.nullable(v.number()),
  salon_group_title: v.string(),
  image: v.string(),
  images: v.array(imageSchema),
  image_group: v.nullable(imageGroupSchema),
  resources: v.array(v.number()),
  is_chain: v.boolean(),
  chain_price_min: v.nullable(v.number()),
  chain_price_max: v.nullable(v.number()),
  is_online: v.boolean(),
  delete_image: v.boolean(),
  is_linked_to_composite: v.boolean(),
  is_price_managed_only_in_chain: v.boolean(),
  is_comment_managed_only_in_chain: v.boolean(),
  salon_ids: v.array(v.number()),
  staff: v.array(serviceStaffLinkSchema),
  translations: v.array(translationSchema),
  chain_details: v.nullable(chainDetailsSchema),
  ...optionReplyEntries,
}

export const plainServiceSchema = v.object({ ...serviceEntries, is_composite: v.literal(false) })
export const compositeServiceSchema = v.object({
  ...serviceEntries,
  is_composite: v.literal(true),
  description: v.string(),
  composite_details: compositeDetailsSchema,
})

/** SPEC.md section 3: list items are parsed as composite or plain by is_composite; the kind names which. */
export const serviceSchema = v.pipe(
  v.variant('is_composite', [plainServiceSchema, compositeServiceSchema]),
  v.transform((service) =>
    service.is_composite
      ? { ...service, kind: 'services-composite' as const }
      : { ...service, kind: 'service' as const },
  ),
)
export type Service = v.InferOutput<typeof serviceSchema>
/** What the server sends: the service before the client adds its kind. */
export type ServiceReply = v.InferInput<typeof serviceSchema>
export const serviceListSchema = v.array(serviceSchema)

export const serviceListParamsSchema = v.looseObject({ companyId: idParamSchema })
export const serviceParamsSchema = v.looseObject({ companyId: idParamSchema, serviceId: idParamSchema })
export const serviceImageParamsSchema = serviceParamsSchema

/** Query of GET services/{companyId}/: narrow to a category or to the services of one employee. */
export const serviceListQuerySchema = v.looseObject({
  category_id: v.optional(idParamSchema),
  staff_id: v.optional(idParamSchema),
})

const priceSchema = countSchema(100_000_000)

/** The parts of a composite service as the app sends them; the order of the list is the order of execution. */
export const compositeDetailsInputSchema = v.object({
  exec_order: v.optional(
    v.picklist(compositeExecOrders, /*i18n*/ 'must be parallel, sequential or sequential_multi'),
  ),
  pricing_type: v.optional(v.picklist(compositePricingTypes, /*i18n*/ 'must be sum, manual or discount')),
  price_discount_percent: v.optional(countSchema(100)),
  links: v.optional(
    v.pipe(
      v.array(
        v.object({
          service_id: idSchema,
          duration: v.optional(v.nullable(countSchema(86_400)), null),
          price_min: v.optional(v.nullable(priceSchema), null),
          price_max: v.optional(v.nullable(priceSchema), null),
        }),
      ),
      v.maxLength(20, /*i18n*/ 'must hold at most 20 services'),
    ),
  ),
})
export type CompositeDetailsInput = v.InferOutput<typeof compositeDetailsInputSchema>

/** The employees who provide the service, replacing the ones linked before. */
export const serviceStaffInputSchema = v.pipe(
  v.array(
    v.object({
      id: idSchema,
      seance_length: v.optional(
        v.pipe(countSchema(86_400), v.minValue(300, /*i18n*/ 'must be at least 300 seconds')),
      ),
      technological_card_id: v.optional(v.nullable(idSchema), null),
      /**
       * The employee's own price for the service: null charges the service's price; absent keeps the price the
       * link had (none for a new link), so a user without the price right can still change who performs it.
       */
      price: v.optional(v.nullable(priceSchema)),
    }),
  ),
  v.maxLength(1000),
  v.check(
    (items) => new Set(items.map((item) => item.id)).size === items.length,
    /*i18n*/ 'must not name an employee twice',
  ),
)

const serviceInputEntries = {
  title: requiredTextSchema(255),
  category_id: idSchema,
  price_min: priceSchema,
  price_max: priceSchema,
  /** Seconds, at most a day. */
  duration: countSchema(86_400),
  comment: textSchema(1000),
  weight: countSchema(1_000_000),
  active: v.picklist([0, 1], /*i18n*/ 'must be 0 or 1'),
  is_online: v.boolean(/*i18n*/ 'must be true or false'),
  technical_break_duration: countSchema(86_400),
  translations: translationsInputSchema,
  staff: serviceStaffInputSchema,
  is_chain: v.boolean(/*i18n*/ 'must be true or false'),
  chain_price_min: v.nullable(priceSchema),
  chain_price_max: v.nullable(priceSchema),
  chain_comment: textSchema(1000),
  is_price_managed_only_in_chain: v.boolean(/*i18n*/ 'must be true or false'),
  is_comment_managed_only_in_chain: v.boolean(/*i18n*/ 'must be true or false'),
  description: textSchema(2000),
  composite_details: compositeDetailsInputSchema,
  /** True removes the service's pictures. */
  delete_image: v.boolean(/*i18n*/ 'must be true or false'),
  ...serviceOptionEntries,
}

/** Body of POST services/{companyId}/: title and category are required, everything else has a default. */
export const serviceCreateSchema = v.object({
  ...v.partial(v.object(serviceInputEntries)).entries,
  title: serviceInputEntries.title,
  category_id: serviceInputEntries.category_id,
  is_composite: v.optional(v.boolean(/*i18n*/ 'must be true or false'), false),
})
export type ServiceCreate = v.InferOutput<typeof serviceCreateSchema>
/** What a client may send to create a service: the defaults need not be spelt out. */
export type ServiceCreateBody = v.InferInput<typeof serviceCreateSchema>

/**
 * Body of PUT services/{companyId}/{serviceId}: the fields sent change, the others stay (is_composite never).
 * With `expected_version` the save is refused (409) when the service has changed since that version, so that
 * two people editing one service never overwrite each other silently.
 */
export const serviceUpdateSchema = v.partial(
  v.object({ ...serviceInputEntries, expected_version: v.pipe(countSchema(2_000_000_000), v.minValue(1)) }),
)
export type ServiceUpdate = v.InferOutput<typeof serviceUpdateSchema>
/** What a client may send to change a service. */
export type ServiceUpdateBody = v.InferInput<typeof serviceUpdateSchema>

/** How many services one sort may name: more than any real category holds, few enough to lock at once. */
export const SERVICE_SORT_LIMIT = 2000

/**
 * Body of POST services/{companyId}/sort: the services of one category, first shown first. Services of the
 * category that the list leaves out (made meanwhile by someone else) follow in their old order.
 */
export const serviceSortSchema = v.object({
  category_id: idSchema,
  ids: v.pipe(
    v.array(idSchema, /*i18n*/ 'must be a list of service ids'),
    v.minLength(1, /*i18n*/ 'must name at least one service'),
    v.maxLength(
      SERVICE_SORT_LIMIT,
      fieldText(/*i18n*/ 'may name at most {max, plural, one {# service} other {# services}}', {
        max: SERVICE_SORT_LIMIT,
      }),
    ),
    v.check((ids) => new Set(ids).size === ids.length, /*i18n*/ 'must not repeat a service'),
  ),
})
export type ServiceSort = v.InferOutput<typeof serviceSortSchema>
