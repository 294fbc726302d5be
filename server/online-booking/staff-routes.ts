import type { FastifyInstance } from 'fastify'
import { onlineBookingsSeenBodySchema } from '../../contract/online-booking/new-bookings'
import { requireMembership } from '../access/company-access'
import { companyRoute } from '../business/groups/company-route'
import { requireAuth } from '../http/authenticate'
import { success } from '../http/envelope'
import { validate } from '../http/validate'
import { markOnlineBookingsSeen, newOnlineBookings } from './new-bookings'

/**
 * The salon's side of online booking: the bookings clients made that a member has not looked at yet, and marking
 * them looked at. Both need the right to see the book (timetable_access); each member has their own mark.
 */
export async function onlineBookingStaffRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app

  app.get('/company/:id/online_bookings/new', companyRoute('id', 'timetable_access'), async (request) =>
    success(await newOnlineBookings(db, requireMembership(request), requireAuth(request).userId)),
  )

  app.post('/company/:id/online_bookings/seen', companyRoute('id', 'timetable_access'), async (request) => {
    const { until } = validate(onlineBookingsSeenBodySchema, request.body)
    const { companyId } = requireMembership(request)
    return success(await markOnlineBookingsSeen(db, companyId, requireAuth(request).userId, new Date(until)))
  })
}
