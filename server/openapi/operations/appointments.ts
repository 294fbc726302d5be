import * as v from 'valibot'
import {
  appointmentCreateSchema,
  appointmentListSchema,
  appointmentMoveSchema,
  appointmentParamsSchema,
  appointmentRefundInputSchema,
  appointmentSchema,
  appointmentsQuerySchema,
  appointmentStatusBodySchema,
  freeSlotsQuerySchema,
  freeSlotsSchema,
  paymentOptionsSchema,
  workingHoursExceptionBodySchema,
  workingHoursExceptionParamsSchema,
  workingHoursExceptionSchema,
  workingHoursExceptionsQuerySchema,
  workingHoursExceptionsSchema,
} from '../../../contract/appointments/schemas'
import type { Operation } from '../operation'

export const appointmentsOperations: Operation[] = [
  {
    method: 'GET',
    path: '/company/:id/appointments',
    summary: 'The appointments starting on a day or the days after it (at most a week), with the time zone',
    query: appointmentsQuerySchema,
    reply: appointmentListSchema,
  },
  {
    method: 'GET',
    path: '/company/:id/appointments/free-slots',
    summary: "A staff member's free start times of a day for some services (hours, appointments, resources)",
    query: freeSlotsQuerySchema,
    reply: freeSlotsSchema,
  },
  {
    method: 'POST',
    path: '/company/:id/appointments',
    summary: 'Books an appointment; 409 with code 4001 when the time or a resource was taken',
    body: appointmentCreateSchema,
    reply: appointmentSchema,
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/company/:id/appointments/:appointmentId',
    summary: 'Moves an appointment to another staff member or time, or gives it a new end',
    params: appointmentParamsSchema,
    body: appointmentMoveSchema,
    reply: appointmentSchema,
  },
  {
    method: 'PUT',
    path: '/company/:id/appointments/:appointmentId/status',
    summary:
      'Changes the status (paid takes its payment into an account the member may use); 409 with code 4002 for a move the lifecycle does not allow',
    params: appointmentParamsSchema,
    body: appointmentStatusBodySchema,
    reply: appointmentSchema,
  },
  {
    method: 'POST',
    path: '/company/:id/appointments/:appointmentId/refunds',
    summary:
      "Refunds (part of) a paid visit's payment out of an account the member may use (all that is left without an amount); refunded in full, the visit is back to arrived; 409 with code 4004 when more is asked than is left",
    params: appointmentParamsSchema,
    body: appointmentRefundInputSchema,
    reply: appointmentSchema,
    status: 201,
  },
  {
    method: 'GET',
    path: '/company/:id/appointments/payment-options',
    summary:
      'The accounts the member may take payments into (their list when limited) and the payment methods',
    reply: paymentOptionsSchema,
  },
  {
    method: 'GET',
    path: '/company/:id/working_hours_exceptions',
    summary: "The staff's changed days (days off, other hours) from one date to another",
    query: workingHoursExceptionsQuerySchema,
    reply: workingHoursExceptionsSchema,
  },
  {
    method: 'PUT',
    path: '/company/:id/staff/:staffId/working_hours_exceptions/:date',
    summary: "A staff member's hours on one date, in place of the week's; none is a day off",
    params: workingHoursExceptionParamsSchema,
    body: workingHoursExceptionBodySchema,
    reply: workingHoursExceptionSchema,
  },
  {
    method: 'DELETE',
    path: '/company/:id/staff/:staffId/working_hours_exceptions/:date',
    summary: 'The date follows the week again',
    params: workingHoursExceptionParamsSchema,
    reply: v.null(),
  },
]
