import type { FastifyInstance } from 'fastify'
import {
  fieldPinParamsSchema,
  pinAttendanceFieldBodySchema,
  pinPaymentMethodBodySchema,
} from '../../../contract/attendance-pins/schemas'
import { requireMembership } from '../../access/company-access'
import { success } from '../../http/envelope'
import { validate } from '../../http/validate'
import { companyRoute } from '../groups/company-route'
import { listFieldPins, listPaymentMethodPins, pinField, setPaymentMethodPin, unpinField } from './pins'

/**
 * Attendance (cash-desk) pins. Whoever handles a visit's payment sees the pins; changing them is a company
 * option.
 */
export async function attendancePinRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app
  const base = '/companies/:company/attendance'
  const read = companyRoute('company', 'record_finances_access')
  const write = companyRoute('company', 'options_attendance_pins_access')

  app.get(`${base}/field_pins`, read, async (request) =>
    success(await listFieldPins(db, requireMembership(request).companyId)),
  )
  app.post(`${base}/field_pins`, write, async (request, reply) => {
    const body = validate(pinAttendanceFieldBodySchema, request.body)
    const { pin, created } = await pinField(db, requireMembership(request).companyId, body.slug)
    return reply.status(created ? 201 : 200).send(success(pin))
  })
  app.delete(`${base}/field_pins/:pinId`, write, async (request) => {
    const { pinId } = validate(fieldPinParamsSchema, request.params)
    await unpinField(db, requireMembership(request).companyId, pinId)
    return success(null)
  })

  app.get(`${base}/payment_method_pins`, read, async (request) =>
    success(await listPaymentMethodPins(db, requireMembership(request).companyId)),
  )
  app.put(`${base}/payment_method_pins`, write, async (request) => {
    const body = validate(pinPaymentMethodBodySchema, request.body)
    return success(await setPaymentMethodPin(db, requireMembership(request).companyId, body))
  })
}
