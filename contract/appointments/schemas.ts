import * as v from 'valibot'
import { CLOCK_TIME_PATTERN } from '../working-hours/week'
import { workIntervalSchema } from '../working-hours/schemas'
import { accountTypes } from '../accounts/schemas'
import { dateSchema, idParamSchema, idSchema, requiredTextSchema, textSchema } from '../id-params'
import { appointmentStatuses } from './statuses'
import { fieldText } from '../field-text'
import { customFieldValueSchema, customFieldValuesInputSchema } from '../custom-fields/schemas'

/**
 * A moment as a request names it: an ISO date-time with an offset or Z (exact), or without one, which is
 * wall-clock time in the company's time zone (how salon staff think of appointment times).
 */
export const dateTimeSchema = v.pipe(
  v.string(/*i18n*/ 'must be a date and time'),
  v.regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})?$/,
    /*i18n*/ 'must be a date and time such as 2026-03-29T10:30',
  ),
  v.check(
    (value) => !Number.isNaN(Date.parse(value.length <= 19 ? `${value}Z` : value)),
    /*i18n*/ 'must be a real date and time',
  ),
  v.check((value) => {
    const year = Number(value.slice(0, 4))
    return year >= 1900 && year <= 2999
  }, /*i18n*/ 'must be between the years 1900 and 2999'),
)

/** One service of an appointment, in the order performed; a composite's parts name their composite. */
export const appointmentServiceSchema = v.object({
  service_id: v.number(),
  title: v.string(),
  composite_id: v.nullable(v.number()),
  start_at: v.string(),
  end_at: v.string(),
})

export const appointmentClientSchema = v.object({
  id: v.number(),
  name: v.string(),
  /** E.164 with '+', or null. */
  phone: v.nullable(v.string()),
})

/** One refund of a visit's payment: how much went back, out of which account, why, by whom and when. */
export const appointmentRefundSchema = v.object({
  id: v.number(),
  amount: v.number(),
  account_id: v.number(),
  account_title: v.string(),
  /** Empty when none was given. */
  reason: v.string(),
  refunded_by: v.nullable(v.number()),
  /** The name of the user who refunded, as the team knows them; null when the user is gone. */
  refunded_by_name: v.nullable(v.string()),
  refunded_at: v.string(),
})
export type AppointmentRefund = v.InferOutput<typeof appointmentRefundSchema>

/**
 * The visit's latest payment (taken when it was marked paid): how much, into which account, by which method, by
 * whom, and its refunds, oldest first. A payment refunded in full stays here, its visit back to arrived, until the
 * visit is paid again.
 */
export const appointmentPaymentSchema = v.object({
  amount: v.number(),
  account_id: v.number(),
  account_title: v.string(),
  /** The slug of the company's payment method, or null when none was named. */
  payment_method: v.nullable(v.string()),
  /** That method's title, or null when none was named or the method is gone. */
  payment_method_title: v.nullable(v.string()),
  taken_by: v.nullable(v.number()),
  taken_at: v.string(),
  /** The sum of the refunds: what may still be refunded is amount - refunded. */
  refunded: v.number(),
  refunds: v.array(appointmentRefundSchema),
})
export type AppointmentPayment = v.InferOutput<typeof appointmentPaymentSchema>

/** An appointment as the API answers it; instants are ISO strings in UTC. */
export const appointmentSchema = v.object({
  id: v.number(),
  staff_id: v.number(),
  client: v.nullable(appointmentClientSchema),
  start_at: v.string(),
  end_at: v.string(),
  /** end_at plus the technical break: the staff member is not bookable before it. */
  busy_until: v.string(),
  status: v.picklist(appointmentStatuses),
  comment: v.string(),
  /**
   * Values of the record-kind custom fields by field id; empty without the right to read them
   * (custom_fields_record_values_read_access).
   */
  custom_fields: v.record(v.string(), customFieldValueSchema),
  services: v.array(appointmentServiceSchema),
  resource_instance_ids: v.array(v.number()),
  /**
   * What the visit costs by the price list: each booked service's price (a composite's own price once, the lower
   * end of a price range). The payment step proposes it.
   */
  price: v.number(),
  /** The payment once the visit is paid; null before. */
  payment: v.nullable(appointmentPaymentSchema),
  created_by: v.nullable(v.number()),
  created_at: v.string(),
  updated_at: v.string(),
})
export type Appointment = v.InferOutput<typeof appointmentSchema>
export const appointmentsSchema = v.array(appointmentSchema)

/** The longest span one list call covers: a week. */
export const MAX_LIST_DAYS = 7

/** GET /company/{id}/appointments: the appointments that start on `date` and the `days - 1` days after it. */
export const appointmentsQuerySchema = v.object({
  date: dateSchema,
  days: v.optional(
    v.pipe(
      v.string(/*i18n*/ 'must be a number of days'),
      v.regex(/^\d{1,2}$/, /*i18n*/ 'must be a number of days'),
      v.transform(Number),
      v.minValue(1, /*i18n*/ 'must be at least 1'),
      v.maxValue(MAX_LIST_DAYS, fieldText(/*i18n*/ 'must be at most {max}', { max: MAX_LIST_DAYS })),
    ),
    '1',
  ),
  staff_id: v.optional(idParamSchema),
})

/** The answer of the list: the company's time zone (the book draws wall-clock hours in it) and the rows. */
export const appointmentListSchema = v.object({
  timezone: v.string(),
  appointments: appointmentsSchema,
})
export type AppointmentList = v.InferOutput<typeof appointmentListSchema>

/** A list of ids in a query string: "3,5" or a repeated parameter. */
const idListParamSchema = v.pipe(
  v.union([v.string(), v.array(v.string())], /*i18n*/ 'must be a list of ids'),
  v.transform((value): (string | number)[] =>
    (Array.isArray(value) ? value : value.split(',')).filter((item) => item !== ''),
  ),
  v.array(idParamSchema),
  v.minLength(1, /*i18n*/ 'must name at least one service'),
  v.maxLength(10, /*i18n*/ 'must name at most 10 services'),
)

/** GET /company/{id}/appointments/free-slots */
export const freeSlotsQuerySchema = v.object({
  staff_id: idParamSchema,
  service_ids: idListParamSchema,
  date: dateSchema,
  /** The appointment being moved: its own time does not block it. */
  appointment_id: v.optional(idParamSchema),
})

export const freeSlotSchema = v.object({
  /** The instant, ISO in UTC. */
  start_at: v.string(),
  /** The wall-clock time in the company's time zone, HH:MM. */
  time: v.string(),
})

export const freeSlotsSchema = v.object({
  date: v.string(),
  timezone: v.string(),
  /** The services' own time for this staff member, in seconds. */
  duration_sec: v.number(),
  /** The technical break after them, in seconds. */
  break_sec: v.number(),
  /** The working stretches of the day ("HH:MM"), after exceptions. */
  hours: v.array(v.object({ start: v.string(), end: v.string() })),
  slots: v.array(freeSlotSchema),
})
export type FreeSlots = v.InferOutput<typeof freeSlotsSchema>

const phoneTextSchema = v.pipe(textSchema(40), v.minLength(5, /*i18n*/ 'must be a phone number'))

/**
 * POST /company/{id}/appointments. The client is an existing one (`client_id`), or a name and phone: the server
 * finds the company's client with that phone (normalised) or creates one. No client at all books a walk-in.
 */
export const appointmentCreateSchema = v.strictObject(
  {
    staff_id: idSchema,
    service_ids: v.pipe(
      v.array(idSchema, /*i18n*/ 'must be a list of service ids'),
      v.minLength(1, /*i18n*/ 'must name at least one service'),
      v.maxLength(10, /*i18n*/ 'must name at most 10 services'),
    ),
    start_at: dateTimeSchema,
    client_id: v.optional(idSchema),
    client_name: v.optional(v.pipe(textSchema(200), v.minLength(1, /*i18n*/ 'must not be empty'))),
    client_phone: v.optional(phoneTextSchema),
    comment: v.optional(textSchema(2000)),
    /** Values of record-kind custom fields (custom_fields_record_values_edit_access). */
    custom_fields: v.optional(customFieldValuesInputSchema),
  },
  /*i18n*/ 'has unknown fields',
)
export type AppointmentCreate = v.InferOutput<typeof appointmentCreateSchema>
export type AppointmentCreateInput = v.InferInput<typeof appointmentCreateSchema>

/**
 * PATCH /company/{id}/appointments/{appointmentId}: a move to another staff member and/or time (the length
 * stays), or a resize (a new end), or both; the comment and the record-kind custom field values may change with
 * it or alone (a change of those alone does not move the appointment).
 */
export const appointmentMoveSchema = v.pipe(
  v.strictObject(
    {
      staff_id: v.optional(idSchema),
      start_at: v.optional(dateTimeSchema),
      end_at: v.optional(dateTimeSchema),
      comment: v.optional(textSchema(2000)),
      custom_fields: v.optional(customFieldValuesInputSchema),
    },
    /*i18n*/ 'has unknown fields',
  ),
  v.check((body) => Object.keys(body).length > 0, /*i18n*/ 'Change at least one field'),
)
export type AppointmentMove = v.InferOutput<typeof appointmentMoveSchema>

/** The largest amount one payment may carry (account transactions hold up to 12 digits before the point). */
export const MAX_PAYMENT_AMOUNT = 1_000_000_000

/** An amount of money in the company's currency: not negative, with at most two decimals (kopecks, cents). */
export const amountSchema = v.pipe(
  v.number(/*i18n*/ 'must be a number'),
  v.minValue(0, /*i18n*/ 'must not be negative'),
  v.maxValue(MAX_PAYMENT_AMOUNT, /*i18n*/ 'is too large'),
  v.check(
    (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
    /*i18n*/ 'may have at most two decimals',
  ),
)

/**
 * The payment taken with the status `paid`: the amount, the account it goes into (one the member may use, see
 * restricted_account_ids) and, optionally, the slug of one of the company's active payment methods.
 */
export const appointmentPaymentInputSchema = v.strictObject(
  {
    amount: amountSchema,
    account_id: idSchema,
    payment_method: v.optional(requiredTextSchema(64)),
  },
  /*i18n*/ 'has unknown fields',
)
export type AppointmentPaymentInput = v.InferOutput<typeof appointmentPaymentInputSchema>

/**
 * PUT /company/{id}/appointments/{appointmentId}/status. Marking a visit paid takes its payment with it, so the
 * status and the money are written together; any other status takes none.
 */
export const appointmentStatusBodySchema = v.pipe(
  v.strictObject(
    {
      status: v.picklist(
        appointmentStatuses,
        fieldText(/*i18n*/ 'must be one of {options}', { options: appointmentStatuses.join(', ') }),
      ),
      payment: v.optional(appointmentPaymentInputSchema),
    },
    /*i18n*/ 'has unknown fields',
  ),
  v.forward(
    v.check(
      (body) => body.status !== 'paid' || body.payment !== undefined,
      /*i18n*/ 'is needed to mark the visit paid',
    ),
    ['payment'],
  ),
  v.forward(
    v.check(
      (body) => body.status === 'paid' || body.payment === undefined,
      /*i18n*/ 'is taken only when the visit is marked paid',
    ),
    ['payment'],
  ),
)
export type AppointmentStatusBody = v.InferOutput<typeof appointmentStatusBodySchema>

/**
 * POST /company/{id}/appointments/{appointmentId}/refunds: gives back (part of) a paid visit's payment out of an
 * account the member may use (restricted_account_ids). Without an amount, all that is left of the payment goes
 * back; never more than that. A reason is optional.
 */
export const appointmentRefundInputSchema = v.strictObject(
  {
    amount: v.optional(
      v.pipe(
        amountSchema,
        v.check((value) => value > 0, /*i18n*/ 'must be more than zero'),
      ),
    ),
    account_id: idSchema,
    reason: v.optional(textSchema(500)),
  },
  /*i18n*/ 'has unknown fields',
)
export type AppointmentRefundInput = v.InferOutput<typeof appointmentRefundInputSchema>

/**
 * GET /company/{id}/appointments/payment-options: what the payment step offers the member. The accounts are the
 * company's, narrowed to the member's list when their rights limit them to one (`limited`).
 */
export const paymentOptionsSchema = v.object({
  accounts: v.array(v.object({ id: v.number(), title: v.string(), type: v.picklist(accountTypes) })),
  payment_methods: v.array(v.object({ slug: v.string(), title: v.string() })),
  limited: v.boolean(),
})
export type PaymentOptions = v.InferOutput<typeof paymentOptionsSchema>

export const appointmentParamsSchema = v.looseObject({ id: idParamSchema, appointmentId: idParamSchema })

/** A staff member's changed day: other hours, or none (a day off). */
export const workingHoursExceptionSchema = v.object({
  staff_id: v.number(),
  date: v.string(),
  intervals: v.array(v.object({ start: v.string(), end: v.string() })),
})
export type WorkingHoursException = v.InferOutput<typeof workingHoursExceptionSchema>
export const workingHoursExceptionsSchema = v.array(workingHoursExceptionSchema)

/** PUT /company/{id}/staff/{staffId}/working_hours_exceptions/{date}: the day's stretches, empty for a day off. */
export const workingHoursExceptionBodySchema = v.strictObject(
  {
    intervals: v.pipe(
      v.array(workIntervalSchema, /*i18n*/ 'must be a list of stretches'),
      v.maxLength(4, /*i18n*/ 'a day holds at most 4 stretches'),
    ),
  },
  /*i18n*/ 'has unknown fields',
)

export const workingHoursExceptionParamsSchema = v.looseObject({
  id: idParamSchema,
  staffId: idParamSchema,
  date: dateSchema,
})

/** GET /company/{id}/working_hours_exceptions?from&to: the changed days of every staff member in a span. */
export const workingHoursExceptionsQuerySchema = v.object({ from: dateSchema, to: dateSchema })

export { CLOCK_TIME_PATTERN }
