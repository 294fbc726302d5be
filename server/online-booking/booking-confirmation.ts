import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { OnlineBookingConfirmed } from '../../contract/online-booking/schemas'
import type { Language } from '../../contract/ui-languages'
import {
  clientFor,
  placeAppointment,
  refusingDoubleBooking,
  slotTaken,
  writeParts,
} from '../business/appointments/appointments-store'
import { planBooking } from '../business/appointments/booking-plan'
import { isUniqueViolation } from '../business/positions/unique-violation'
import { verifyCode } from '../codes/confirmation-codes'
import { appointments, auditLog, onlineBookings } from '../db/schema'
import { sendInBackground } from '../delivery/background-send'
import { HttpError } from '../http/http-error'
import { seal } from '../auth/secret-box'
import {
  appointmentMoment,
  bookingConfirmedText,
  cancellationLink,
  messageToClient,
  reminderDueAt,
} from './booking-messages'
import { bookingCodeKey, pendingRequest, type OnlineBookingDeps } from './booking-requests'
import { bookingView } from './booking-view'
import { candidatesFor, onlineCompany } from './online-catalogue'
import { reserveBookingConfirm } from './request-limits'

/**
 * The cancellation link's token is looked up by this hash, and kept otherwise only sealed under the data key: a
 * copy of the database cancels nothing.
 */
export const hashCancelToken = (token: string) => createHash('sha256').update(token).digest('hex')

type RequestRow = typeof onlineBookings.$inferSelect

/**
 * Books the request with one staff member in one transaction: the client found by phone or created, the
 * appointment with its services and resources, the request marked booked with its cancellation token's hash and
 * the reminder's due time. 409 (4001) when the time is no longer free for them.
 */
async function bookWith(
  deps: OnlineBookingDeps,
  row: RequestRow,
  staffId: number,
  ip: string,
  cancel: { hash: string; sealed: string },
) {
  const { db } = deps
  const { companyId } = row
  const serviceIds = row.serviceIds as number[]
  const company = await onlineCompany(db, companyId)
  const plan = await planBooking(db, companyId, staffId, serviceIds)
  return refusingDoubleBooking(() =>
    db.transaction(async (tx) => {
      const instances = await placeAppointment(
        tx,
        companyId,
        staffId,
        plan,
        row.startAt,
        plan.durationSec,
        company.timezone,
      )
      const clientId = await clientFor(tx, companyId, {
        staff_id: staffId,
        service_ids: serviceIds,
        start_at: row.startAt.toISOString(),
        client_name: row.clientName,
        client_phone: row.phone,
      }).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw slotTaken('staff')
        throw error
      })
      const endAt = new Date(row.startAt.getTime() + plan.durationSec * 1000)
      const [created] = await tx
        .insert(appointments)
        .values({
          companyId,
          staffId,
          clientId,
          startAt: row.startAt,
          endAt,
          busyUntil: new Date(endAt.getTime() + plan.breakSec * 1000),
          createdBy: null,
        })
        .returning()
      await writeParts(tx, companyId, created!.id, plan, row.startAt, instances)
      const [marked] = await tx
        .update(onlineBookings)
        .set({
          appointmentId: created!.id,
          staffId,
          cancelTokenHash: cancel.hash,
          cancelTokenSealed: cancel.sealed,
          remindAt: reminderDueAt(row.startAt),
        })
        .where(and(eq(onlineBookings.id, row.id), isNull(onlineBookings.appointmentId)))
        .returning({ id: onlineBookings.id })
      if (!marked) throw new HttpError(409, /*i18n*/ 'This booking request has already been confirmed')
      await tx.insert(auditLog).values({
        companyId,
        actorUserId: null,
        action: 'appointment_created',
        ip,
        details: { entity_id: created!.id, changes: { source: 'online_booking', client_id: clientId } },
      })
      return created!
    }),
  )
}

const takenMeanwhile = (error: unknown) =>
  error instanceof HttpError && (error.statusCode === 409 || error.statusCode === 422)

/**
 * POST /b2c/{companyId}/requests/{requestId}/confirm: the right code books the request. For "anyone", the staff
 * who provide the services are tried in the order of the staff list until one is free; 409 (4001) when nobody is
 * free at that time any more (the client picks another time and gets a new code). The confirmation with the
 * cancellation link goes out after the reply.
 */
export async function confirmBooking(
  deps: OnlineBookingDeps,
  companyId: number,
  requestId: string,
  code: string,
  ip: string,
): Promise<OnlineBookingConfirmed> {
  const { db } = deps
  const company = await onlineCompany(db, companyId)
  const row = await pendingRequest(db, companyId, requestId)
  await verifyCode(db, deps.config.DATA_KEYS, bookingCodeKey(row.id), code, new Date(), () =>
    reserveBookingConfirm(db, ip),
  )
  const serviceIds = row.serviceIds as number[]
  const candidates = await candidatesFor(db, companyId, serviceIds, row.staffId).catch((error: unknown) => {
    // The staff member or a service stopped being bookable online meanwhile: for the client, the time is gone.
    if (error instanceof HttpError) throw slotTaken('staff')
    throw error
  })
  const token = randomBytes(32).toString('base64url')
  let booked: typeof appointments.$inferSelect | undefined
  for (const staffId of candidates) {
    try {
      booked = await bookWith(deps, row, staffId, ip, {
        hash: hashCancelToken(token),
        sealed: seal(deps.config.DATA_KEYS, token),
      })
      break
    } catch (error) {
      if (!takenMeanwhile(error)) throw error
    }
  }
  if (!booked) throw slotTaken('staff')
  const booking = await bookingView(db, booked)
  const language = row.language as Language
  const link = cancellationLink(deps.config.PUBLIC_ORIGIN, language, companyId, token)
  const message = bookingConfirmedText(language, {
    salon: company.title,
    moment: appointmentMoment(booked.startAt, language, company.timezone),
    services: booking.services.join(', '),
    link,
  })
  sendInBackground(deps.delivery, messageToClient(row, message), deps.log)
  return { booking, cancel_token: token }
}
