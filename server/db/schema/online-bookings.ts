import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { companyId } from './tenant-columns'
import { staff } from './core'
import { appointments } from './appointments'

/**
 * A booking a client asked for on the company's public page (the b2c screen). It starts as a request waiting for
 * the code sent to the client's phone or e-mail (`appointment_id` null); the right code books the appointment and
 * fills `appointment_id`, `cancel_token_hash` (a SHA-256 of the cancellation link's token, which only the client
 * holds) and `remind_at`. The id is a random UUID, because the page holds it while the code is on its way.
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
    /** When the reminder is due; null once sent, or when the appointment is too close for one. */
    remindAt: instant('remind_at'),
    remindedAt: instant('reminded_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('online_bookings_company_idx').on(table.companyId),
    uniqueIndex('online_bookings_cancel_token_unique').on(table.cancelTokenHash),
    index('online_bookings_remind_at_idx').on(table.remindAt),
  ],
)
