import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  appointmentCreateSchema,
  appointmentMoveSchema,
  appointmentParamsSchema,
  appointmentRefundInputSchema,
  appointmentsQuerySchema,
  appointmentStatusBodySchema,
  freeSlotsQuerySchema,
  workingHoursExceptionBodySchema,
  workingHoursExceptionParamsSchema,
  workingHoursExceptionsQuerySchema,
} from '../../../contract/appointments/schemas'
import { requireMembership } from '../../access/company-access'
import { requireAuth } from '../../http/authenticate'
import { success } from '../../http/envelope'
import { HttpError } from '../../http/http-error'
import { validate } from '../../http/validate'
import { auditOf } from '../change-log/request-audit'
import { companyRoute } from '../groups/company-route'
import { EMPLOYEE_NOT_FOUND, mayReachStaff } from '../staff/staff-scope'
import {
  changeAppointmentStatus,
  createAppointment,
  findFreeSlots,
  listAppointments,
  moveAppointment,
  refundAppointment,
  type Actor,
} from './appointments-store'
import { paymentOptions } from './appointment-payments'
import { dropException, listExceptions, saveException } from './exceptions-store'

const actorOf = (request: FastifyRequest): Actor => ({
  membership: requireMembership(request),
  userId: requireAuth(request).userId,
})

/**
 * The appointment book: the appointments of a day or a week (timetable_access), free slots and creating
 * (record_create_access), moving (record_edit_access) and status changes (the right of each status; `paid` with
 * its payment into an account of the member's list; refunds of it likewise), with the limits of the rights object applied in the store; and the staff's changed days (timetable_schedule_edit_access
 * to change them).
 */
export async function appointmentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  const one = '/company/:id/appointments/:appointmentId'

  app.get('/company/:id/appointments', companyRoute('id', 'timetable_access'), async (request) => {
    const query = validate(appointmentsQuerySchema, request.query)
    return success(await listAppointments(db, requireMembership(request), query))
  })

  app.get(
    '/company/:id/appointments/free-slots',
    companyRoute('id', 'record_create_access'),
    async (request) => {
      const query = validate(freeSlotsQuerySchema, request.query)
      return success(await findFreeSlots(db, requireMembership(request), query))
    },
  )

  app.post(
    '/company/:id/appointments',
    companyRoute('id', 'record_create_access'),
    async (request, reply) => {
      const body = validate(appointmentCreateSchema, request.body)
      const created = await createAppointment(db, actorOf(request), body, auditOf(request))
      reply.status(201)
      return success(created)
    },
  )

  app.patch(one, companyRoute('id', 'record_edit_access'), async (request) => {
    const { appointmentId } = validate(appointmentParamsSchema, request.params)
    const body = validate(appointmentMoveSchema, request.body)
    return success(await moveAppointment(db, actorOf(request), appointmentId, body, auditOf(request)))
  })

  app.put(`${one}/status`, companyRoute('id', 'record_form_access'), async (request) => {
    const { appointmentId } = validate(appointmentParamsSchema, request.params)
    const { status, payment } = validate(appointmentStatusBodySchema, request.body)
    return success(
      await changeAppointmentStatus(db, actorOf(request), appointmentId, status, auditOf(request), payment),
    )
  })

  // A refund of a paid visit: the same right as taking the payment, out of an account of the member's list.
  app.post(`${one}/refunds`, companyRoute('id', 'record_finances_payment_access'), async (request, reply) => {
    const { appointmentId } = validate(appointmentParamsSchema, request.params)
    const body = validate(appointmentRefundInputSchema, request.body)
    const refunded = await refundAppointment(db, actorOf(request), appointmentId, body, auditOf(request))
    reply.status(201)
    return success(refunded)
  })

  // What the payment step of "Mark paid" offers: the accounts the member may take payments into.
  app.get(
    '/company/:id/appointments/payment-options',
    companyRoute('id', 'record_finances_payment_access'),
    async (request) => success(await paymentOptions(db, requireMembership(request))),
  )

  app.get(
    '/company/:id/working_hours_exceptions',
    companyRoute('id', 'timetable_access'),
    async (request) => {
      const query = validate(workingHoursExceptionsQuerySchema, request.query)
      return success(await listExceptions(db, requireMembership(request).companyId, query.from, query.to))
    },
  )

  const exceptionPath = '/company/:id/staff/:staffId/working_hours_exceptions/:date'
  const editSchedule = companyRoute('id', 'timetable_schedule_edit_access')

  app.put(exceptionPath, editSchedule, async (request) => {
    const params = validate(workingHoursExceptionParamsSchema, request.params)
    const body = validate(workingHoursExceptionBodySchema, request.body)
    const { companyId, rights } = requireMembership(request)
    if (!(await mayReachStaff(db, rights, params.staffId))) throw new HttpError(404, EMPLOYEE_NOT_FOUND)
    return success(
      await saveException(db, companyId, params.staffId, params.date, body.intervals, auditOf(request)),
    )
  })

  app.delete(exceptionPath, editSchedule, async (request) => {
    const params = validate(workingHoursExceptionParamsSchema, request.params)
    const { companyId, rights } = requireMembership(request)
    if (!(await mayReachStaff(db, rights, params.staffId))) throw new HttpError(404, EMPLOYEE_NOT_FOUND)
    return success(await dropException(db, companyId, params.staffId, params.date, auditOf(request)))
  })
}
