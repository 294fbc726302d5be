import * as v from 'valibot'
import {
  attendanceFieldPinSchema,
  attendanceFieldPinsSchema,
  fieldPinParamsSchema,
  paymentMethodPinSchema,
  paymentMethodPinsSchema,
  pinAttendanceFieldBodySchema,
  pinPaymentMethodBodySchema,
} from '../../../contract/attendance-pins/schemas'
import type { Operation } from '../operation'

export const attendancePinsOperations: Operation[] = [
  {
    method: 'GET',
    path: '/companies/:company/attendance/field_pins',
    summary: 'Read field pins',
    reply: attendanceFieldPinsSchema,
  },
  {
    method: 'POST',
    path: '/companies/:company/attendance/field_pins',
    summary: 'Pins a field at the cash desk (201); pinning a pinned field answers the existing pin (200)',
    body: pinAttendanceFieldBodySchema,
    reply: attendanceFieldPinSchema,
    status: 201,
    alsoStatus: 200,
  },
  {
    method: 'DELETE',
    path: '/companies/:company/attendance/field_pins/:pinId',
    summary: 'Unpin field',
    params: fieldPinParamsSchema,
    reply: v.null(),
  },
  {
    method: 'GET',
    path: '/companies/:company/attendance/payment_method_pins',
    summary: 'Every payment method with its pinned state',
    reply: paymentMethodPinsSchema,
  },
  {
    method: 'PUT',
    path: '/companies/:company/attendance/payment_method_pins',
    summary: 'Pins or unpins a payment method at the cash desk',
    body: pinPaymentMethodBodySchema,
    reply: paymentMethodPinSchema,
  },
]
