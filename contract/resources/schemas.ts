import * as v from 'valibot'
import { idParamSchema, idSchema, requiredTextSchema, textSchema } from '../id-params'
import { atLeastOneField, withinProductYears } from '../storable-values'
import { fieldText } from '../field-text'

export const resourceSchema = v.object({ id: v.number(), title: v.string(), description: v.string() })
export type Resource = v.InferOutput<typeof resourceSchema>

/** A resource as GET /resources/{companyId} and the resource writes answer it: with the services that need it. */
export const resourceWithServicesSchema = v.object({
  ...resourceSchema.entries,
  /** The (not deleted) services that need one free instance of this resource while they run. */
  service_ids: v.array(v.number()),
})
export type ResourceWithServices = v.InferOutput<typeof resourceWithServicesSchema>
export const resourcesSchema = v.array(resourceWithServicesSchema)

export const resourceInstanceSchema = v.object({
  id: v.number(),
  resource_id: v.number(),
  title: v.string(),
  /** How many bookings (past and coming) hold this instance; an instance with bookings cannot be deleted. */
  bookings_count: v.number(),
  /** Present with include=resource. */
  resource: v.optional(resourceSchema),
})
export type ResourceInstance = v.InferOutput<typeof resourceInstanceSchema>
export const resourceInstancesSchema = v.array(resourceInstanceSchema)

export const resourceInstancesQuerySchema = v.object({
  include: v.optional(v.picklist(['resource'], /*i18n*/ 'may only be resource')),
})

/** A positive whole number that arrives as form text or as a JSON number. */
const idField = (max = 999_999_999) =>
  v.pipe(
    v.union(
      [v.pipe(v.string(), v.regex(/^\d{1,9}$/, /*i18n*/ 'must be a positive integer')), v.number()],
      /*i18n*/ 'must be a positive integer',
    ),
    v.transform(Number),
    v.integer(/*i18n*/ 'must be a positive integer'),
    v.minValue(1, /*i18n*/ 'must be a positive integer'),
    v.maxValue(max, fieldText(/*i18n*/ 'must be at most {max}', { max })),
  )

/** Date and time: ISO 8601 with an offset, or without one (then read in the company's time zone). */
const dateTimeField = v.pipe(
  v.string(),
  v.regex(
    /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?(\.\d{1,3})?(Z|[+-]\d{2}:?\d{2})?$/,
    /*i18n*/ 'must be a date and time such as 2025-05-20T14:30:00',
  ),
  v.check(
    (value) => !Number.isNaN(Date.parse(value.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))),
    /*i18n*/ 'is not a real date',
  ),
  withinProductYears(),
)

/**
 * Form body of POST /resource_instances/loadFreeResourceInstances. `service_id` may be one id or a list
 * (`service_id[]=1&service_id[]=2` in a form); `record_id` names the record being moved, whose own bookings do
 * not count as taken; `length` is in seconds.
 */
export const loadFreeResourceInstancesBodySchema = v.object({
  salon_id: idField(),
  record_id: v.optional(v.union([v.literal('0'), v.literal(0), idField()]), 0),
  service_id: v.pipe(
    v.union(
      [
        idField(),
        v.pipe(
          v.array(idField()),
          v.minLength(1, /*i18n*/ 'name at least one service'),
          v.maxLength(20, /*i18n*/ 'at most 20 services'),
        ),
      ],
      /*i18n*/ 'name one service or a list of services',
    ),
    v.transform((value) => (Array.isArray(value) ? [...new Set(value)] : [value])),
  ),
  length: idField(24 * 60 * 60),
  datetime: dateTimeField,
})
export type LoadFreeResourceInstancesBody = v.InferInput<typeof loadFreeResourceInstancesBodySchema>

/** One resource the asked services need, with the instances free for the whole span. */
export const freeResourceSchema = v.object({
  resource_id: v.number(),
  title: v.string(),
  free_instances: v.array(v.object({ id: v.number(), title: v.string() })),
})
export const freeResourcesSchema = v.array(freeResourceSchema)
export type FreeResource = v.InferOutput<typeof freeResourceSchema>

const serviceIdsSchema = v.pipe(
  v.array(idSchema, /*i18n*/ 'must be a list of service ids'),
  v.maxLength(500, /*i18n*/ 'may name at most 500 services'),
  v.transform((ids) => [...new Set(ids)]),
)

const resourceEntries = {
  title: requiredTextSchema(255),
  description: textSchema(1000),
  /** The services that need the resource; a save replaces the whole list. */
  service_ids: serviceIdsSchema,
}

/** Body of POST /resources/{companyId}. */
export const resourceCreateSchema = v.object({
  title: resourceEntries.title,
  description: v.optional(resourceEntries.description, ''),
  service_ids: v.optional(resourceEntries.service_ids, []),
})
export type ResourceCreate = v.InferInput<typeof resourceCreateSchema>

/** Body of PUT /resources/{companyId}/{resourceId}: only the fields sent change. */
export const resourceUpdateSchema = v.pipe(v.partial(v.object(resourceEntries)), atLeastOneField())
export type ResourceUpdate = v.InferInput<typeof resourceUpdateSchema>

export const resourceParamsSchema = v.looseObject({ resourceId: idParamSchema })

/** Body of POST /company/{id}/resource_instances: a new instance of one of the company's resources. */
export const resourceInstanceCreateSchema = v.object({
  resource_id: idSchema,
  title: requiredTextSchema(255),
})
export type ResourceInstanceCreate = v.InferInput<typeof resourceInstanceCreateSchema>

/** Body of PUT /company/{id}/resource_instances/{instanceId}. */
export const resourceInstanceUpdateSchema = v.object({ title: requiredTextSchema(255) })
export type ResourceInstanceUpdate = v.InferInput<typeof resourceInstanceUpdateSchema>

export const resourceInstanceParamsSchema = v.looseObject({ instanceId: idParamSchema })
