import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { companyId } from './tenant-columns'
import { staff, users } from './core'
import { appointments } from './appointments'

/**
 * A booking a client asked for on the company's public page (the b2c screen). It starts as a request waiting for
 * the code sent to the client's phone or e-mail (`appointment_id` null); the right code books the appointment and
 * fills `appointment_id`, `cancel_token_hash` (a SHA-256 of the cancellation link's token, which only the client
 * holds, and the token itself sealed under the data key, so the reminder can carry the link) and `remind_at`.
 * The id is a random UUID, because the page holds it while the code is on its way.
 */
export const onlineBookings = pgTable(
  'online_bookings',
  {
    id: uuid('id').primaryKey(),
    companyId: companyId(),
    /** The staff member asked for; null for "anyone" (the server picks one when the code is confirmed). */
    staffId: integer('staff_id').references(() => staff.id),
    /** The services in the order asked for. */
    serviceIds: jsonb('service_ids').notNull(),
    startAt: instant('start_at').notNull(),
    clientName: text('client_name').notNull(),
    /** E.164 with '+', as clients.phone holds it. */
    phone: text('phone').notNull(),
    /** Where the code and the messages go instead of an SMS, when the client gave one. */
    email: text('email'),
    /** The language of the page the client booked on: every message to them is written in it. */
    language: text('language').notNull(),
    appointmentId: integer('appointment_id').references(() => appointments.id),
    cancelTokenHash: text('cancel_token_hash'),
    /** The cancellation token sealed under DATA_KEYS (server/auth/secret-box.ts): the reminder repeats the link. */
    cancelTokenSealed: text('cancel_token_sealed'),
    /**
     * When the reminder is due for the time booked; null when there is none (the appointment was too close, it
     * was cancelled, or delivery failed too often). If the salon moves the appointment, the reminder moves with
     * it: it is due as long before the appointment's start as `remind_at` was before `start_at`.
     */
    remindAt: instant('remind_at'),
    /** When the reminder was delivered: it never goes again. */
    remindedAt: instant('reminded_at'),
    /** Deliveries of the reminder tried so far (server/online-booking/reminder-job.ts). */
    remindAttempts: integer('remind_attempts').notNull().default(0),
    /** Until when a job run holds the reminder (sending it), or when a failed one may be tried again. */
    remindHeldUntil: instant('remind_held_until'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('online_bookings_company_idx').on(table.companyId),
    uniqueIndex('online_bookings_cancel_token_unique').on(table.cancelTokenHash),
    index('online_bookings_remind_at_idx').on(table.remindAt),
  ],
)

/**
 * Up to when a member has looked at the company's new online bookings (the book's "new online bookings" list):
 * the bookings made after it are new to them. One row per member who has looked.
 */
export const onlineBookingViews = pgTable(
  'online_booking_views',
  {
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    seenUntil: instant('seen_until').notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.userId] })],
)
