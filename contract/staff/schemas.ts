import * as v from 'valibot'
import {
  countSchema,
  dateSchema,
  filterStateSchema,
  idParamSchema,
  idSchema,
  requiredTextSchema,
  textSchema,
} from '../id-params'
import { imageGroupSchema } from '../images/schemas'
import { includeQuerySchema } from '../include-query'
import { atLeastOneField } from '../storable-values'
import { positionSchema } from '../positions/schemas'

/** The user account linked to an employee, with the contact they sign in with (either may be absent). */
export const staffUserSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.optional(v.nullable(v.string())),
  /** E.164 digits without '+'. */
  phone: v.optional(v.nullable(v.string())),
})

/** SPEC.md section 3: user is null when absent, and some replies send an empty array instead. */
const linkedUserSchema = v.optional(
  v.pipe(
    v.union([staffUserSchema, v.array(v.unknown()), v.null()]),
    v.transform((user) => (user === null || Array.isArray(user) ? null : user)),
  ),
  null,
)

export const staffStatuses = ['active', 'fired', 'deleted'] as const

/** SPEC.md section 3: the Employee. */
export const employeeSchema = v.object({
  id: v.number(),
  salon_id: v.number(),
  name: v.string(),
  specialization: v.string(),
  /** 0 hidden, 1 shown to clients. */
  show_rating: v.picklist([0, 1]),
  rating: v.number(),
  votes_count: v.number(),
  comments_count: v.number(),
  avatar: v.string(),
  avatar_big: v.string(),
  weight: v.number(),
  information: v.string(),
  /** 0 enabled, 1 disabled (hidden from online booking). */
  hidden: v.picklist([0, 1]),
  /** 0 not fired, 1 fired. */
  fired: v.picklist([0, 1]),
  is_fired: v.boolean(),
  /** 0 not deleted, 1 deleted. */
  deleted: v.picklist([0, 1]),
  status: v.picklist(staffStatuses),
  date_dismissal: v.nullable(v.string()),
  dismissal_reason: v.string(),
  position_id: v.nullable(v.number()),
  /** The appointment group (hall or department) the employee works in (contract/record-groups/schemas.ts). */
  record_group_id: v.optional(v.nullable(v.number()), null),
  schedule_till: v.nullable(v.string()),
  image_group: v.nullable(imageGroupSchema),
  image_group_id: v.nullable(v.number()),
  bookable: v.boolean(),
  has_access_timetable: v.boolean(),
  /** Present when asked for with include=position (always on single-employee replies). */
  position: v.optional(v.nullable(positionSchema)),
  user: linkedUserSchema,
})
export type Employee = v.InferOutput<typeof employeeSchema>
export const employeeListSchema = v.array(employeeSchema)

/** The filters of the staff list (SPEC.md section 3) as the app holds them. */
export interface StaffFilters {
  name?: string
  position_id?: number
  /** Only the staff who perform this service (linked to it); negative means no filter, like position_id. */
  service_id?: number
  fired?: 0 | 1 | 2
  deleted?: 0 | 1 | 2
  user_linked?: 0 | 1 | 2
  specialization?: string
  image?: 0 | 1 | 2
  tt_markup?: 0 | 1 | 2
  position_title?: string
}

/**
 * SPEC.md section 5: position_id below 0 and an empty name are dropped before the call (service_id below 0
 * too, by the same rule); so are empty texts of
 * the other filters, which would otherwise match everything anyway.
 */
export function staffFilterQuery(filters: StaffFilters): Record<string, string | number> {
  const query: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(filters) as [keyof StaffFilters, string | number | undefined][]) {
    if (value === undefined) continue
    if (typeof value === 'string' && value.trim() === '') continue
    if ((key === 'position_id' || key === 'service_id') && typeof value === 'number' && value < 0) continue
    query[key] = typeof value === 'string' ? value.trim() : value
  }
  return query
}

const searchTextSchema = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(100, /*i18n*/ 'must be at most 100 characters')),
)

/** Query of GET companies/{id}/staff: the filters in the three-state form WITHOUT 0, ONLY 1, ALL 2. */
export const staffListQuerySchema = v.looseObject({
  include: includeQuerySchema(['position']),
  name: searchTextSchema,
  /** Negative ids mean "no filter" (SPEC.md section 5), so the server ignores them too. */
  position_id: v.optional(
    v.pipe(v.string(), v.regex(/^-?\d{1,9}$/, /*i18n*/ 'must be a whole number'), v.transform(Number)),
  ),
  /** The staff linked to this service; negative means "no filter" like position_id. */
  service_id: v.optional(
    v.pipe(v.string(), v.regex(/^-?\d{1,9}$/, /*i18n*/ 'must be a whole number'), v.transform(Number)),
  ),
  fired: filterStateSchema(0),
  deleted: filterStateSchema(0),
  user_linked: filterStateSchema(2),
  image: filterStateSchema(2),
  tt_markup: filterStateSchema(2),
  specialization: searchTextSchema,
  position_title: searchTextSchema,
})
export type StaffListQuery = v.InferOutput<typeof staffListQuerySchema>

export const staffParamsSchema = v.looseObject({ id: idParamSchema })
export const staffServiceParamsSchema = v.looseObject({ id: idParamSchema, serviceId: idParamSchema })
export const restoreParamsSchema = v.looseObject({ company: idParamSchema, id: idParamSchema })

/** Query of GET /staff/users and similar calls that name their company in the query. */
export const companyQuerySchema = v.looseObject({ company_id: idParamSchema })

/** Query of GET /staff/search. */
export const staffSearchQuerySchema = v.looseObject({
  company_id: idParamSchema,
  term: v.pipe(
    v.string(/*i18n*/ 'must be text'),
    v.trim(),
    v.minLength(1, /*i18n*/ 'must not be empty'),
    v.maxLength(100),
  ),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, /*i18n*/ 'must be a number'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(100),
    ),
    '20',
  ),
})

const staffNameSchema = requiredTextSchema(100)

/** Body of POST /staff/quick: an employee with just a name, created in one step. */
export const staffQuickCreateSchema = v.object({
  company_id: idSchema,
  name: staffNameSchema,
  specialization: v.optional(textSchema(100), ''),
  position_id: v.optional(v.nullable(idSchema), null),
})
export type StaffQuickCreate = v.InferOutput<typeof staffQuickCreateSchema>

/** Body of POST /staff/sort: the company's employee ids in the order the list should show them. */
export const staffSortSchema = v.object({
  company_id: idSchema,
  sort: v.pipe(
    v.array(idSchema, /*i18n*/ 'must be a list of employee ids'),
    v.minLength(1, /*i18n*/ 'must name at least one employee'),
    v.maxLength(1000, /*i18n*/ 'must name at most 1000 employees'),
    v.check((ids) => new Set(ids).size === ids.length, /*i18n*/ 'must not name an employee twice'),
  ),
})
export type StaffSort = v.InferOutput<typeof staffSortSchema>

/** Seconds an employee spends on a service: at least 5 minutes, at most a day. */
const seanceLengthSchema = v.pipe(
  countSchema(86_400),
  v.minValue(300, /*i18n*/ 'must be at least 300 seconds'),
)

/** Body of POST /staff/{id}/services: links (or re-links with new settings) services to the employee. */
export const staffServicesLinkSchema = v.object({
  services: v.pipe(
    v.array(
      v.object({
        service_id: idSchema,
        /** Defaults to the service's own duration. */
        seance_length: v.optional(seanceLengthSchema),
        technological_card_id: v.optional(v.nullable(idSchema), null),
      }),
    ),
    v.minLength(1, /*i18n*/ 'must name at least one service'),
    v.maxLength(500, /*i18n*/ 'must name at most 500 services'),
  ),
})
export type StaffServicesLink = v.InferOutput<typeof staffServicesLinkSchema>

/** Body of POST /staff/{id}/services/unlink. */
export const staffServicesUnlinkSchema = v.object({
  service_ids: v.pipe(
    v.array(idSchema),
    v.minLength(1, /*i18n*/ 'must name at least one service'),
    v.maxLength(500),
  ),
})

/** Body of PUT /staff/{id}/services/{serviceId}. */
export const staffServiceUpdateSchema = v.object({
  seance_length: seanceLengthSchema,
  /** Left as it is when not sent; null takes the card away. */
  technological_card_id: v.optional(v.nullable(idSchema)),
})

/** One service an employee provides. */
export const staffServiceLinkSchema = v.object({
  id: v.number(),
  service_id: v.number(),
  title: v.string(),
  seance_length: v.number(),
  technological_card_id: v.nullable(v.number()),
})
export const staffServiceLinkListSchema = v.array(staffServiceLinkSchema)

/** An employee's notification settings: what happens to their records, and by which channels they hear of it. */
export const staffNotificationsSchema = v.object({
  new_record: v.optional(v.boolean(/*i18n*/ 'must be true or false'), true),
  record_changed: v.optional(v.boolean(/*i18n*/ 'must be true or false'), true),
  record_canceled: v.optional(v.boolean(/*i18n*/ 'must be true or false'), true),
  by_sms: v.optional(v.boolean(/*i18n*/ 'must be true or false'), false),
  by_email: v.optional(v.boolean(/*i18n*/ 'must be true or false'), true),
  by_push: v.optional(v.boolean(/*i18n*/ 'must be true or false'), true),
})
export type StaffNotifications = v.InferOutput<typeof staffNotificationsSchema>

/**
 * Body of PUT /staff/{id}/notifications: the settings to change, at least one; those not sent keep their values
 * (the card saves each switch on its own as it is flipped).
 */
export const staffNotificationsChangeSchema = v.pipe(
  v.object({
    new_record: v.optional(v.boolean(/*i18n*/ 'must be true or false')),
    record_changed: v.optional(v.boolean(/*i18n*/ 'must be true or false')),
    record_canceled: v.optional(v.boolean(/*i18n*/ 'must be true or false')),
    by_sms: v.optional(v.boolean(/*i18n*/ 'must be true or false')),
    by_email: v.optional(v.boolean(/*i18n*/ 'must be true or false')),
    by_push: v.optional(v.boolean(/*i18n*/ 'must be true or false')),
  }),
  atLeastOneField(),
)
export type StaffNotificationsChange = v.InferOutput<typeof staffNotificationsChangeSchema>

/** Body of PUT /staff/{id}/accesses: whether the employee may open the timetable. */
export const staffAccessesSchema = v.object({ flag: v.boolean(/*i18n*/ 'must be true or false') })

/** Body of PUT /staff/{id}/change_name. */
export const staffChangeNameSchema = v.object({ name: staffNameSchema })

/** Body of PATCH /staff/{id}: any of the employee's own fields. */
export const staffPatchSchema = v.pipe(
  v.object({
    name: v.optional(staffNameSchema),
    specialization: v.optional(textSchema(100)),
    information: v.optional(textSchema(2000)),
    position_id: v.optional(v.nullable(idSchema)),
    /** A live appointment group of the company; null takes the employee out of their group. */
    record_group_id: v.optional(v.nullable(idSchema)),
    hidden: v.optional(v.picklist([0, 1], /*i18n*/ 'must be 0 or 1')),
    show_rating: v.optional(v.picklist([0, 1], /*i18n*/ 'must be 0 or 1')),
    bookable: v.optional(v.boolean(/*i18n*/ 'must be true or false')),
    schedule_till: v.optional(v.nullable(dateSchema)),
    /** A member of the company to link as the employee's account; null unlinks. */
    user_id: v.optional(v.nullable(idSchema)),
  }),
  atLeastOneField(),
)
export type StaffPatch = v.InferOutput<typeof staffPatchSchema>

/** Body of POST /settings/master/fire/. */
export const staffFireSchema = v.object({
  staff_id: idSchema,
  date_dismissal: dateSchema,
  dismissal_reason: v.optional(textSchema(500), ''),
  /** Also remove the linked user's membership of the company. */
  user_delete: v.optional(v.boolean(/*i18n*/ 'must be true or false'), false),
})
export type StaffFire = v.InferOutput<typeof staffFireSchema>

/** Body of POST /settings/master/delete/. */
export const staffDeleteSchema = v.object({
  staff_id: idSchema,
  user_delete: v.optional(v.boolean(/*i18n*/ 'must be true or false'), false),
})
export type StaffDelete = v.InferOutput<typeof staffDeleteSchema>

/** A salon from which the employee's linked user can be removed. */
export const removableSalonListSchema = v.array(v.object({ id: v.number(), title: v.string() }))

/** A member of the company, for linking an employee to an account. */
export const staffUserListSchema = v.array(
  v.object({
    id: v.number(),
    name: v.string(),
    user_role: v.string(),
    position_id: v.nullable(v.number()),
    /** The employee already linked to this user in the company, if any. */
    staff_id: v.nullable(v.number()),
  }),
)

export const salarySchemesCountSchema = v.object({ count: v.number() })

/** The fields beside the picture of POST /settings/employee/image/upload: whose avatar it is. */
export const avatarUploadFieldsSchema = v.looseObject({ staff_id: idParamSchema })
