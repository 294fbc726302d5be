import * as v from 'valibot'
import { idParamSchema } from '../id-params'
import { paymentMethodSlugSchema } from '../payment-methods/schemas'

export const attendanceFieldPinSchema = v.object({ id: v.number(), slug: v.string() })
export type AttendanceFieldPin = v.InferOutput<typeof attendanceFieldPinSchema>
export const attendanceFieldPinsSchema = v.array(attendanceFieldPinSchema)

/** Body of POST .../attendance/field_pins: the slug of a cash-desk field such as `comment` or `discount`. */
export const pinAttendanceFieldBodySchema = v.object({
  slug: v.pipe(
    v.string(),
    v.maxLength(64, /*i18n*/ 'is too long'),
    v.regex(/^[a-z][a-z0-9_]*$/, /*i18n*/ 'must be lower-case letters, digits and _'),
  ),
})

export const fieldPinParamsSchema = v.looseObject({
  pinId: idParamSchema,
})

export const paymentMethodPinSchema = v.object({ payment_method_slug: v.string(), is_pinned: v.boolean() })
export type PaymentMethodPin = v.InferOutput<typeof paymentMethodPinSchema>
export const paymentMethodPinsSchema = v.array(paymentMethodPinSchema)

export const pinPaymentMethodBodySchema = v.object({
  payment_method_slug: paymentMethodSlugSchema,
  is_pinned: v.boolean(/*i18n*/ 'must be true or false'),
})
export type PinPaymentMethodBody = v.InferOutput<typeof pinPaymentMethodBodySchema>
