import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { companyId } from './tenant-columns'
import { services, staff, users } from './core'
import { clients } from './clients'
import { accounts, accountTransactions, customFields } from './business-data'

/**
 * One appointment in the book: a staff member's time with a client (or none yet) from `start_at` to `end_at`,
 * the services' own time. `busy_until` adds the technical break after it, during which the staff member is not
 * bookable either. Migration 0019 adds what Drizzle cannot describe: an exclusion constraint
 * (`appointments_staff_no_overlap`, btree_gist) that refuses two live appointments of one staff member whose
 * [start_at, busy_until) overlap, so that two bookings racing for one slot cannot both commit.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    clientId: integer('client_id').references(() => clients.id),
    startAt: instant('start_at').notNull(),
    endAt: instant('end_at').notNull(),
    busyUntil: instant('busy_until').notNull(),
    /** booked, confirmed, arrived, no_show, cancelled or paid (machines/appointment-status.ts). */
    status: text('status').notNull().default('booked'),
    comment: text('comment').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('appointments_company_start_idx').on(table.companyId, table.startAt),
    index('appointments_staff_start_idx').on(table.staffId, table.startAt),
    index('appointments_client_idx').on(table.clientId),
    check(
      'appointments_status_check',
      sql`${table.status} in ('booked', 'confirmed', 'arrived', 'no_show', 'cancelled', 'paid')`,
    ),
    check(
      'appointments_order_check',
      sql`${table.startAt} < ${table.endAt} and ${table.endAt} <= ${table.busyUntil}`,
    ),
  ],
)

/** The services booked in an appointment, in the order they are performed (a composite's parts one by one). */
export const appointmentServices = pgTable(
  'appointment_services',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    /** The composite service this part was booked as, if any. */
    compositeId: integer('composite_id').references(() => services.id),
    position: smallint('position').notNull(),
    startAt: instant('start_at').notNull(),
    endAt: instant('end_at').notNull(),
  },
  (table) => [
    index('appointment_services_appointment_idx').on(table.appointmentId),
    unique('appointment_services_position_unique').on(table.appointmentId, table.position),
  ],
)

/**
 * An appointment's value of a custom field of the record kind, stored as the client card stores its own
 * (clientFieldValues): text and select keys as strings, numbers as numbers, dates as YYYY-MM-DD strings,
 * checkboxes as booleans. Deleting the appointment or the field deletes the value.
 */
export const appointmentFieldValues = pgTable(
  'appointment_field_values',
  {
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => customFields.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<string | number | boolean>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.appointmentId, table.fieldId] })],
)

/**
 * A change of one staff member's weekly hours on one date, in the company's time zone: a day off (no stretches)
 * or other hours (`intervals` as wall-clock minutes). One row per staff member and date.
 */
export const workingHoursExceptions = pgTable(
  'working_hours_exceptions',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    date: date('date', { mode: 'string' }).notNull(),
    /** The day's stretches as WorkInterval ("HH:MM" wall-clock), sorted; empty for a day off. */
    intervals: jsonb('intervals')
      .notNull()
      .default(sql`'[]'::jsonb`),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [unique('working_hours_exceptions_staff_date_unique').on(table.staffId, table.date)],
)

/**
 * The payment taken for a visit when it was marked paid: how much, into which cash desk or bank account, by which
 * method and by whom. The money itself is the account transaction written with it (`transaction_id`), so the
 * account's balance holds it. One payment per appointment: the unique index is the last word when two people
 * mark one visit paid at once.
 */
export const appointmentPayments = pgTable(
  'appointment_payments',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => accountTransactions.id),
    /** In the company's currency, as account transactions hold it (two decimals). */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** The slug of the company's payment method used, if one was named (methods may be removed later). */
    paymentMethod: text('payment_method'),
    takenBy: integer('taken_by').references(() => users.id),
    takenAt: instant('taken_at').notNull().defaultNow(),
    /** The sum of this payment's refunds (appointment_refunds), kept beside the amount so a check bounds it. */
    refunded: numeric('refunded', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (table) => [
    // One open payment per visit; a payment refunded in full leaves the visit arrived, to be paid again.
    uniqueIndex('appointment_payments_appointment_unique')
      .on(table.appointmentId)
      .where(sql`${table.refunded} < ${table.amount} or ${table.amount} = 0`),
    // Never more back than was paid, whatever writes the refunds: the last word under concurrent refunds.
    check(
      'appointment_payments_refunded_check',
      sql`${table.refunded} >= 0 and ${table.refunded} <= ${table.amount}`,
    ),
  ],
)

/**
 * A refund of (part of) a visit's payment: an expense transaction of the account the money left, tied to the
 * payment it returns. A separate operation in the visit's payment history, as YCLIENTS and Altegio keep them.
 */
export const appointmentRefunds = pgTable(
  'appointment_refunds',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => appointmentPayments.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => accountTransactions.id),
    /** Positive, in the company's currency; the transaction holds it negated. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    reason: text('reason').notNull().default(''),
    refundedBy: integer('refunded_by').references(() => users.id),
    refundedAt: instant('refunded_at').notNull().defaultNow(),
  },
  (table) => [
    index('appointment_refunds_payment_idx').on(table.paymentId),
    check('appointment_refunds_amount_check', sql`${table.amount} > 0`),
  ],
)
