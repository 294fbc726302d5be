import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Language } from '../../contract/ui-languages'
import { unseal } from '../auth/secret-box'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { appointments, onlineBookings } from '../db/schema'
import type { Delivery } from '../delivery/message'
import { appointmentMoment, bookingReminderText, cancellationLink, messageToClient } from './booking-messages'
import { bookingView } from './booking-view'

/** What sending reminders needs. */
export interface ReminderDeps {
  db: Database
  config: Pick<Config, 'DATA_KEYS' | 'PUBLIC_ORIGIN'>
  delivery: Delivery
  log: FastifyBaseLogger
}

/** Reminders one claim takes at most; a run claims again while the last claim was full. */
export const REMINDER_BATCH = 50
/** How long a run holds the reminders it claimed: another run takes them over only after a crash. */
export const REMINDER_HOLD_MS = 5 * 60 * 1000
/** Deliveries tried per reminder before it is given up (and logged as an error). */
export const REMINDER_MAX_ATTEMPTS = 3
/** The wait before trying a failed delivery again, times the attempts so far. */
export const REMINDER_RETRY_MS = 5 * 60 * 1000

const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`

/**
 * Claims the reminders due at `now`, in one statement, so that each goes out once however many processes run
 * the job on the database: a row is due when it has a reminder not yet delivered, no run holds it, its
 * appointment is still booked or confirmed and has not started, and the appointment starts within the lead the
 * reminder was planned with (so a moved appointment moves its reminder). Rows another run is claiming are skipped
 * (SKIP LOCKED); one it has just claimed no longer qualifies when this statement re-reads it. The claim counts an
 * attempt and holds the row for REMINDER_HOLD_MS.
 */
export async function claimDueReminders(db: Database, now: Date, limit = REMINDER_BATCH) {
  const lead = sql`(${onlineBookings.startAt} - ${onlineBookings.remindAt})`
  const due = db
    .select({ id: onlineBookings.id })
    .from(onlineBookings)
    .innerJoin(appointments, eq(appointments.id, onlineBookings.appointmentId))
    .where(
      and(
        isNotNull(onlineBookings.remindAt),
        isNull(onlineBookings.remindedAt),
        or(isNull(onlineBookings.remindHeldUntil), lte(onlineBookings.remindHeldUntil, now)),
        inArray(appointments.status, ['booked', 'confirmed']),
        sql`${appointments.startAt} > ${at(now)}`,
        sql`${appointments.startAt} - ${lead} <= ${at(now)}`,
      ),
    )
    .orderBy(asc(onlineBookings.remindAt))
    .limit(limit)
    .for('update', { of: onlineBookings, skipLocked: true })
  return db
    .update(onlineBookings)
    .set({
      remindAttempts: sql`${onlineBookings.remindAttempts} + 1`,
      remindHeldUntil: new Date(now.getTime() + REMINDER_HOLD_MS),
    })
    .where(inArray(onlineBookings.id, due))
    .returning()
}

type ClaimedRow = Awaited<ReturnType<typeof claimDueReminders>>[number]

/** Writes the reminder of a claimed row and sends it; rejects when it could not be written or sent. */
async function sendReminder(deps: ReminderDeps, row: ClaimedRow): Promise<void> {
  const [appointment] = await deps.db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, row.appointmentId!), eq(appointments.companyId, row.companyId)))
  const token = row.cancelTokenSealed ? unseal(deps.config.DATA_KEYS, row.cancelTokenSealed) : null
  if (!appointment || token === null) throw new Error('the booking has no appointment or no readable link')
  const booking = await bookingView(deps.db, appointment)
  const language = row.language as Language
  const message = bookingReminderText(language, {
    salon: booking.company_title,
    moment: appointmentMoment(appointment.startAt, language, booking.timezone),
    services: booking.services.join(', '),
    link: cancellationLink(deps.config.PUBLIC_ORIGIN, language, row.companyId, token),
  })
  await deps.delivery.send(messageToClient(row, message), deps.log)
}

/**
 * One run: claims the due reminders and sends each. A delivered one is marked so and never goes again; a failed
 * one is tried again after REMINDER_RETRY_MS times its attempts, and given up after REMINDER_MAX_ATTEMPTS (its
 * `remind_at` cleared, an error logged). Answers how many were delivered.
 */
export async function sendDueReminders(deps: ReminderDeps, now = new Date()): Promise<number> {
  let delivered = 0
  for (;;) {
    const claimed = await claimDueReminders(deps.db, now)
    for (const row of claimed) {
      try {
        await sendReminder(deps, row)
        await deps.db
          .update(onlineBookings)
          .set({ remindedAt: new Date(), remindHeldUntil: null })
          .where(eq(onlineBookings.id, row.id))
        delivered += 1
      } catch (error) {
        const givenUp = row.remindAttempts >= REMINDER_MAX_ATTEMPTS
        await deps.db
          .update(onlineBookings)
          .set(
            givenUp
              ? { remindAt: null, remindHeldUntil: null }
              : { remindHeldUntil: new Date(now.getTime() + REMINDER_RETRY_MS * row.remindAttempts) },
          )
          .where(eq(onlineBookings.id, row.id))
        const details = { err: error, bookingId: row.id, attempts: row.remindAttempts }
        if (givenUp) deps.log.error(details, 'a reminder was not delivered and is given up')
        else deps.log.warn(details, 'a reminder was not delivered; it will be tried again')
      }
    }
    if (claimed.length < REMINDER_BATCH) return delivered
  }
}

export interface ReminderJob {
  /** Stops the timer and waits for a run under way to finish. */
  stop(): Promise<void>
}

/**
 * Runs sendDueReminders every `intervalMs` inside the server process, one run at a time, until stopped (the
 * app's onClose, reached from server/shutdown.ts). A failed run (the database away) is logged and the next one
 * tries again.
 */
export function startReminderJob(deps: ReminderDeps, intervalMs: number): ReminderJob {
  let stopped = false
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  const schedule = () => {
    timer = setTimeout(() => {
      running = sendDueReminders(deps)
        .then(
          () => undefined,
          (error: unknown) => deps.log.error({ err: error }, 'the reminder job failed'),
        )
        .finally(() => {
          if (!stopped) schedule()
        })
    }, intervalMs)
    timer.unref()
  }
  schedule()
  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
