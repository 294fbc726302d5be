import * as v from 'valibot'
import { fieldText } from '../field-text'
import { dateSchema, idParamSchema, idSchema, textSchema } from '../id-params'
import { emailSchema, phoneInputSchema } from '../onboarding/schemas'
import { languages } from '../ui-languages'

/**
 * The public booking page of a company (the b2c screen): what a client may read without signing in, and the
 * requests that book and cancel. Every reply carries only what a salon shows its clients anyway.
 */

/** The most services one online booking takes. */
export const MAX_ONLINE_SERVICES = 5

/** Params of the routes about one company's page. */
export const onlineBookingCompanyParamsSchema = v.looseObject({ companyId: idParamSchema })

/** The salon as its booking page shows it. */
export const onlineCompanySchema = v.object({
  id: v.number(),
  title: v.string(),
  address: v.string(),
  /** E.164 digits without '+', or '' when the salon gave none. */
  phone: v.string(),
  timezone: v.string(),
  /** The currency of the salon's prices (ISO 4217, such as RUB). */
  currency: v.string(),
})
export type OnlineCompany = v.InferOutput<typeof onlineCompanySchema>

/** A service a client may book online. */
export const onlineServiceSchema = v.object({
  id: v.number(),
  title: v.string(),
  category: v.string(),
  /** The service's own length in seconds; a staff member's own length may differ. */
  duration_sec: v.number(),
  price_min: v.number(),
  price_max: v.number(),
})
export type OnlineService = v.InferOutput<typeof onlineServiceSchema>

/** A staff member a client may book, with the online services they provide. */
export const onlineStaffSchema = v.object({
  id: v.number(),
  name: v.string(),
  specialization: v.string(),
  service_ids: v.array(v.number()),
})
export type OnlineStaff = v.InferOutput<typeof onlineStaffSchema>

/** GET /b2c/{companyId}: the salon, its online services and the staff who provide them. */
export const onlineCatalogueSchema = v.object({
  company: onlineCompanySchema,
  services: v.array(onlineServiceSchema),
  staff: v.array(onlineStaffSchema),
  /**
   * The sites the salon lets show this page in a frame (exact origins): the only parents the page posts to. Public
   * anyway, since the page's frame-ancestors names them.
   */
  frame_origins: v.optional(v.array(v.string()), []),
})
export type OnlineCatalogue = v.InferOutput<typeof onlineCatalogueSchema>

const serviceIdsParamSchema = v.pipe(
  v.union([v.string(), v.array(v.string())], /*i18n*/ 'must be a list of ids'),
  v.transform((value): (string | number)[] =>
    (Array.isArray(value) ? value : value.split(',')).filter((item) => item !== ''),
  ),
  v.array(idParamSchema),
  v.minLength(1, /*i18n*/ 'must name at least one service'),
  v.maxLength(
    MAX_ONLINE_SERVICES,
    fieldText(/*i18n*/ 'must name at most {max, plural, one {# service} other {# services}}', {
      max: MAX_ONLINE_SERVICES,
    }),
  ),
)

/** "anyone" or a staff member's id, in a query string. */
const staffChoiceParamSchema = v.union(
  [v.literal('any'), idParamSchema],
  /*i18n*/ 'must be a staff id or "any"',
)

/** GET /b2c/{companyId}/free_times */
export const onlineFreeTimesQuerySchema = v.object({
  service_ids: serviceIdsParamSchema,
  staff_id: staffChoiceParamSchema,
  date: dateSchema,
})

/** The free start times of one day for the services with the staff member chosen (or with anyone). */
export const onlineFreeTimesSchema = v.object({
  date: v.string(),
  timezone: v.string(),
  slots: v.array(
    v.object({
      /** The instant, ISO in UTC. */
      start_at: v.string(),
      /** The wall-clock time in the salon's time zone, HH:MM. */
      time: v.string(),
    }),
  ),
})
export type OnlineFreeTimes = v.InferOutput<typeof onlineFreeTimesSchema>

/** POST /b2c/{companyId}/requests: the booking asked for; a code goes to the phone (or the e-mail, if given). */
export const onlineBookingRequestBodySchema = v.strictObject(
  {
    service_ids: v.pipe(
      v.array(idSchema, /*i18n*/ 'must be a list of service ids'),
      v.minLength(1, /*i18n*/ 'must name at least one service'),
      v.maxLength(
        MAX_ONLINE_SERVICES,
        fieldText(/*i18n*/ 'must name at most {max, plural, one {# service} other {# services}}', {
          max: MAX_ONLINE_SERVICES,
        }),
      ),
    ),
    /** null: anyone free at that time. */
    staff_id: v.nullable(idSchema),
    /** An instant from the free times (ISO with Z or an offset). */
    start_at: v.pipe(
      v.string(/*i18n*/ 'must be a date and time'),
      v.isoTimestamp(/*i18n*/ 'must be an ISO date and time with a zone'),
    ),
    name: v.pipe(textSchema(100), v.minLength(1, /*i18n*/ 'must not be empty')),
    phone: phoneInputSchema,
    email: v.optional(emailSchema),
    language: v.optional(v.picklist(languages, /*i18n*/ 'must be a language of the app')),
  },
  /*i18n*/ 'has unknown fields',
)
export type OnlineBookingRequestBody = v.InferOutput<typeof onlineBookingRequestBodySchema>

/** What the page needs to ask for the code: which request, where the code went, and the code's limits. */
export const onlineBookingRequestSchema = v.object({
  request_id: v.string(),
  channel: v.picklist(['sms', 'email']),
  /** The phone or e-mail with most of it hidden. */
  recipient: v.string(),
  attempts_left: v.number(),
  wait_period: v.number(),
  resend_available_at: v.string(),
})
export type OnlineBookingRequest = v.InferOutput<typeof onlineBookingRequestSchema>

export const onlineBookingRequestParamsSchema = v.looseObject({
  companyId: idParamSchema,
  requestId: v.pipe(v.string(), v.uuid(/*i18n*/ 'must be a request id')),
})

/** POST /b2c/{companyId}/requests/{requestId}/confirm */
export const onlineBookingConfirmBodySchema = v.strictObject(
  { code: v.pipe(v.string(/*i18n*/ 'must be the code'), v.maxLength(12, /*i18n*/ 'must be the code')) },
  /*i18n*/ 'has unknown fields',
)

/** A booked appointment as its client sees it. */
export const onlineBookingSchema = v.object({
  company_id: v.number(),
  company_title: v.string(),
  timezone: v.string(),
  staff_name: v.string(),
  services: v.array(v.string()),
  start_at: v.string(),
  end_at: v.string(),
  status: v.picklist(['booked', 'cancelled', 'done']),
  /** Whether the client may still cancel it on the page. */
  cancellable: v.boolean(),
})
export type OnlineBooking = v.InferOutput<typeof onlineBookingSchema>

/** The answer to the right code: the booking and the token of its cancellation link (given this once). */
export const onlineBookingConfirmedSchema = v.object({
  booking: onlineBookingSchema,
  cancel_token: v.string(),
})
export type OnlineBookingConfirmed = v.InferOutput<typeof onlineBookingConfirmedSchema>

/** The token of a cancellation link: 43 URL-safe characters (32 random bytes). */
export const onlineCancelParamsSchema = v.looseObject({
  token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, /*i18n*/ 'must be a cancellation token')),
})
