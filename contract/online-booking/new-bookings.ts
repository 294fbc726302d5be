import * as v from 'valibot'
import { appointmentStatuses } from '../appointments/statuses'

/** One online booking a member has not looked at yet, as the book lists it. */
export const newOnlineBookingSchema = v.object({
  appointment_id: v.number(),
  staff_id: v.number(),
  staff_name: v.string(),
  client_name: v.nullable(v.string()),
  services: v.array(v.string()),
  /** The appointment's start, ISO in UTC. */
  start_at: v.string(),
  /** When the client booked (confirmed the code), ISO in UTC. */
  booked_at: v.string(),
  status: v.picklist(appointmentStatuses),
})
export type NewOnlineBooking = v.InferOutput<typeof newOnlineBookingSchema>

/** The most bookings one answer lists (newest first). */
export const NEW_ONLINE_BOOKINGS_MAX = 50

/**
 * GET /company/{id}/online_bookings/new: the online bookings made after the member last looked (within the last
 * week when they never have), newest first; a member limited to one staff member gets that one's alone.
 */
export const newOnlineBookingsSchema = v.object({
  /** Up to when the member has looked; null when they never have. */
  seen_until: v.nullable(v.string()),
  bookings: v.array(newOnlineBookingSchema),
})
export type NewOnlineBookings = v.InferOutput<typeof newOnlineBookingsSchema>

/** POST /company/{id}/online_bookings/seen: the member has looked at the bookings made up to `until`. */
export const onlineBookingsSeenBodySchema = v.object({
  /** An exact instant (with Z or an offset), such as the newest `booked_at` the member was shown. */
  until: v.pipe(
    v.string(/*i18n*/ 'must be a date and time'),
    v.isoTimestamp(/*i18n*/ 'must be a date and time'),
  ),
})

export const onlineBookingsSeenSchema = v.object({
  seen_until: v.string(),
})
