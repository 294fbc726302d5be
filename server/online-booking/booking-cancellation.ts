import { and, eq } from 'drizzle-orm'
import { ErrorCode } from '../../contract/error-codes'
import type { OnlineBooking } from '../../contract/online-booking/schemas'
import type { Database } from '../db/database'
import { appointments, auditLog, onlineBookings, resourceBookings } from '../db/schema'
import { HttpError } from '../http/http-error'
import { hashCancelToken } from './booking-confirmation'
import { bookingView, clientMayCancel } from './booking-view'

export const BOOKING_NOT_FOUND = /*i18n*/ 'This booking was not found'

/** The appointment a cancellation link names; 404 for a token nobody was given. */
async function appointmentOfToken(db: Database, token: string, forUpdate = false) {
  const query = db
    .select({ appointment: appointments, requestId: onlineBookings.id })
    .from(onlineBookings)
    .innerJoin(appointments, eq(appointments.id, onlineBookings.appointmentId))
    .where(eq(onlineBookings.cancelTokenHash, hashCancelToken(token)))
  const [found] = forUpdate ? await query.for('update') : await query
  if (!found) throw new HttpError(404, BOOKING_NOT_FOUND)
  return found
}

/** GET /b2c/booking/{token}: the booking a cancellation link names. */
export async function bookingOfToken(db: Database, token: string): Promise<OnlineBooking> {
  return bookingView(db, (await appointmentOfToken(db, token)).appointment)
}

/**
 * POST /b2c/booking/{token}/cancel: the client cancels their appointment, while it has not started and the salon
 * has not moved it past booked or confirmed (409 with 4002 otherwise). Its resource instances are freed and its
 * reminder is dropped. Cancelling twice answers the cancelled booking again.
 */
export async function cancelBookingByToken(db: Database, token: string, ip: string): Promise<OnlineBooking> {
  const row = await db.transaction(async (tx) => {
    const { appointment, requestId } = await appointmentOfToken(tx, token, true)
    if (appointment.status === 'cancelled') return appointment
    if (!clientMayCancel(appointment)) {
      throw new HttpError(409, /*i18n*/ 'This booking can no longer be cancelled online', {
        code: ErrorCode.appointmentStatusForbidden,
      })
    }
    await tx
      .delete(resourceBookings)
      .where(
        and(
          eq(resourceBookings.companyId, appointment.companyId),
          eq(resourceBookings.recordId, appointment.id),
        ),
      )
    const [cancelled] = await tx
      .update(appointments)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(eq(appointments.id, appointment.id))
      .returning()
    await tx.update(onlineBookings).set({ remindAt: null }).where(eq(onlineBookings.id, requestId))
    await tx.insert(auditLog).values({
      companyId: appointment.companyId,
      actorUserId: null,
      action: 'appointment_updated',
      ip,
      details: {
        entity_id: appointment.id,
        changes: { status: { from: appointment.status, to: 'cancelled' }, source: 'online_booking' },
      },
    })
    return cancelled!
  })
  return bookingView(db, row)
}
