import * as v from 'valibot'
import { paymentMethodSlugSchema } from '../payment-methods/schemas'

export const attendanceFieldPinSchema = v.object({ id: v.number(), slug: v.string() })
export type AttendanceFieldPin = v.InferOutput<typeof attendanceFieldPinSchema>
export const attendanceFieldPinsSchema = v.array(attendanceFieldPinSchema)

/** Body of POST .../attendance/field_pins: the slug of a cash-desk field such as `comment` or `discount`. */
export const pinAttendanceFieldBodySchema = v.object({
  slug: v.pipe(
    v.string(),
    v.regex(/^[a-z][a-z0-9_]{0,63}$/, /*i18n*/ 'must be lower-case letters, digits and _'),
  ),
})

export const fieldPinParamsSchema = v.looseObject({
  pinId: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, /*i18n*/ 'must be a positive integer'),
    v.transform(Number),
    v.minValue(1, /*i18n*/ 'must be a positive integer'),
  ),
})

export const paymentMethodPinSchema = v.object({ payment_method_slug: v.string(), is_pinned: v.boolean() })
export type PaymentMethodPin = v.InferOutput<typeof paymentMethodPinSchema>
export const paymentMethodPinsSchema = v.array(paymentMethodPinSchema)

export const pinPaymentMethodBodySchema = v.object({
  payment_method_slug: paymentMethodSlugSchema,
  is_pinned: v.boolean(/*i18n*/ 'must be true or false'),
})
export type PinPaymentMethodBody = v.InferOutput<typeof pinPaymentMethodBodySchema>
