import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb } from '../../server/db/create-db'
import type { Database } from '../../server/db/database'
import { appointments, onlineBookings } from '../../server/db/schema'
import type { Delivery, OutgoingMessage } from '../../server/delivery/message'
import { reminderDueAt } from '../../server/online-booking/booking-messages'
import {
  sendDueReminders,
  startReminderJob,
  type ReminderDeps,
} from '../../server/online-booking/reminder-job'
import { createTestServer, outboxMessages, testDatabases, type TestServer } from '../support/server-harness'
import { demoCompanies } from './business-api-helpers'
import { FIXTURE_TIME_ZONE, onlineBookingSalon } from './online-booking-fixture'

const HOUR = 60 * 60 * 1000

/** A delivery that records what it was given, and fails while `failing` is set. */
function recordingDelivery() {
  const sent: OutgoingMessage[] = []
  const delivery = {
    failing: false,
    sent,
    async send(message: OutgoingMessage) {
      // A send takes a moment, as a real one does: a second run has time to try the same rows meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (delivery.failing) throw new Error('the provider is away')
      sent.push(message)
    },
  }
  return delivery satisfies Delivery
}

/** A logger that keeps the warnings and errors. */
function recordingLog() {
  const lines: { level: string; message: string }[] = []
  const keep = (level: string) => (_details: unknown, message: string) => lines.push({ level, message })
  const log = {
    info: () => undefined,
    debug: () => undefined,
    warn: keep('warn'),
    error: keep('error'),
    child: () => log,
  }
  return { lines, log: log as unknown as FastifyBaseLogger }
}

describe('when a reminder is due', () => {
  const start = new Date('2026-03-10T12:00:00Z')
  it('is a day before, two hours before when booked later, none within an hour of booking', () => {
    expect(reminderDueAt(start, new Date(start.getTime() - 72 * HOUR))).toEqual(
      new Date(start.getTime() - 24 * HOUR),
    )
    expect(reminderDueAt(start, new Date(start.getTime() - 25 * HOUR))).toEqual(
      new Date(start.getTime() - 24 * HOUR),
    )
    expect(reminderDueAt(start, new Date(start.getTime() - 20 * HOUR))).toEqual(
      new Date(start.getTime() - 2 * HOUR),
    )
    expect(reminderDueAt(start, new Date(start.getTime() - 3 * HOUR))).toEqual(
      new Date(start.getTime() - 2 * HOUR),
    )
    expect(reminderDueAt(start, new Date(start.getTime() - 2.5 * HOUR))).toBeNull()
  })
})

describe.each(testDatabases())('reminders of online bookings (%s)', (kind) => {
  let server: TestServer
  let salon: Awaited<ReturnType<typeof onlineBookingSalon>>
  let company: number

  beforeAll(async () => {
    server = await createTestServer(kind)
    company = (await demoCompanies(server)).arbat
    salon = await onlineBookingSalon(server, company)
  }, 180_000)
  afterAll(() => server.close())

  const depsWith = (
    delivery: Delivery,
    db: Database = server.db,
    log = recordingLog().log,
  ): ReminderDeps => ({
    db,
    config: server.config,
    delivery,
    log,
  })
  const to = (delivery: ReturnType<typeof recordingDelivery>, recipient: string) =>
    delivery.sent.filter((message) => message.recipient === recipient)

  it('sends a due reminder once, in the booking language, with the salon time and the cancellation link', async () => {
    const booked = await salon.book({ time: '09:00', phone: '79167000001', language: 'uk' })
    expect(booked.row.remindAt).toEqual(new Date(booked.startAt.getTime() - 24 * HOUR))
    const delivery = recordingDelivery()
    // Not due yet: 25 hours before.
    await sendDueReminders(depsWith(delivery), new Date(booked.startAt.getTime() - 25 * HOUR))
    expect(to(delivery, '79167000001')).toEqual([])
    // Due: 23 hours before.
    const now = new Date(booked.startAt.getTime() - 23 * HOUR)
    await sendDueReminders(depsWith(delivery), now)
    const [reminder, ...more] = to(delivery, '79167000001')
    expect(more).toEqual([])
    expect(reminder!.channel).toBe('sms')
    expect(reminder!.text).toContain('Нагадування')
    expect(reminder!.text).toContain('Evening haircut')
    // 09:00 in Moscow, whatever the server's own zone is.
    const moment = new Intl.DateTimeFormat('uk', {
      timeZone: FIXTURE_TIME_ZONE,
      dateStyle: 'long',
      timeStyle: 'short',
    }).format(booked.startAt)
    expect(moment).toContain('09:00')
    expect(reminder!.text).toContain(moment)
    expect(reminder!.text).toContain(
      `${server.config.PUBLIC_ORIGIN}/uk/b2c/${company}/cancel/${booked.token}`,
    )
    // Never twice, however often the job runs.
    await sendDueReminders(depsWith(delivery), now)
    await sendDueReminders(depsWith(delivery), new Date(now.getTime() + HOUR))
    expect(to(delivery, '79167000001')).toHaveLength(1)
    const [row] = await server.db.select().from(onlineBookings).where(eq(onlineBookings.id, booked.row.id))
    expect(row!.remindedAt).not.toBeNull()
  })

  it('goes by e-mail to a client who gave one, and follows an appointment the salon moved', async () => {
    const booked = await salon.book({
      time: '10:00',
      phone: '79167000002',
      language: 'en',
      email: 'r2@example.com',
    })
    // The salon moves the appointment a day later: a day before the old time is now two days before.
    const later = new Date(booked.startAt.getTime() + 24 * HOUR)
    await server.db
      .update(appointments)
      .set({
        startAt: later,
        endAt: new Date(later.getTime() + 1800_000),
        busyUntil: new Date(later.getTime() + 1800_000),
      })
      .where(eq(appointments.id, booked.row.appointmentId!))
    const delivery = recordingDelivery()
    await sendDueReminders(depsWith(delivery), new Date(booked.startAt.getTime() - 23 * HOUR))
    expect(to(delivery, 'r2@example.com')).toEqual([])
    await sendDueReminders(depsWith(delivery), new Date(later.getTime() - 23 * HOUR))
    const [reminder] = to(delivery, 'r2@example.com')
    expect(reminder).toMatchObject({ channel: 'email', subject: expect.stringContaining('Reminder') })
    expect(reminder!.text).toContain('10:00')
  })

  it('sends nothing for a cancelled appointment', async () => {
    const booked = await salon.book({ time: '11:00', phone: '79167000003', language: 'ru' })
    const cancelled = await server.app.inject({
      method: 'POST',
      url: `/api/v1/b2c/booking/${booked.token}/cancel`,
    })
    expect(cancelled.statusCode).toBe(200)
    // Even a reminder the cancellation did not clear (the salon cancelled in the book) stays unsent.
    await server.db
      .update(onlineBookings)
      .set({ remindAt: booked.row.remindAt })
      .where(eq(onlineBookings.id, booked.row.id))
    const delivery = recordingDelivery()
    await sendDueReminders(depsWith(delivery), new Date(booked.startAt.getTime() - 23 * HOUR))
    expect(to(delivery, '79167000003')).toEqual([])
  })

  it('sends each reminder once when two job runs (two processes) go at the same moment', async () => {
    const phones = ['79167000011', '79167000012', '79167000013', '79167000014']
    const booked = []
    for (const [index, phone] of phones.entries()) {
      booked.push(
        await salon.book({
          time: `1${2 + Math.floor(index / 2)}:00`,
          phone,
          language: 'ru',
          staffId: index % 2 ? salon.boris : salon.anna,
        }),
      )
    }
    const now = new Date(booked.at(-1)!.startAt.getTime() - 23 * HOUR)
    // On PostgreSQL the second run has its own connection pool, as another server process would.
    const second = kind === 'postgres' ? await createDb(server.config) : null
    try {
      const delivery = recordingDelivery()
      const runs = await Promise.all([
        sendDueReminders(depsWith(delivery), now),
        sendDueReminders(depsWith(delivery, second?.db ?? server.db), now),
        sendDueReminders(depsWith(delivery), now),
      ])
      for (const phone of phones) expect(to(delivery, phone)).toHaveLength(1)
      expect(runs.reduce((sum, count) => sum + count, 0)).toBe(delivery.sent.length)
    } finally {
      await second?.close()
    }
  })

  it('tries a failed delivery again later, a bounded number of times, and logs it', async () => {
    const booked = await salon.book({ time: '15:00', phone: '79167000021', language: 'ru' })
    const delivery = recordingDelivery()
    delivery.failing = true
    const { lines, log } = recordingLog()
    const first = new Date(booked.startAt.getTime() - 23 * HOUR)
    await sendDueReminders(depsWith(delivery, server.db, log), first)
    expect(lines).toEqual([{ level: 'warn', message: expect.stringContaining('tried again') }])
    // Not again at once: it waits.
    await sendDueReminders(depsWith(delivery, server.db, log), first)
    expect(lines).toHaveLength(1)
    await sendDueReminders(depsWith(delivery, server.db, log), new Date(first.getTime() + 6 * 60_000))
    await sendDueReminders(depsWith(delivery, server.db, log), new Date(first.getTime() + 30 * 60_000))
    expect(lines.map((line) => line.level)).toEqual(['warn', 'warn', 'error'])
    // Given up: the provider back, it still does not go.
    delivery.failing = false
    await sendDueReminders(depsWith(delivery, server.db, log), new Date(first.getTime() + 2 * HOUR))
    expect(to(delivery, '79167000021')).toEqual([])

    // A reminder that fails once goes on the next try.
    const other = await salon.book({ time: '16:00', phone: '79167000022', language: 'ru' })
    const due = new Date(other.startAt.getTime() - 23 * HOUR)
    delivery.failing = true
    await sendDueReminders(depsWith(delivery), due)
    delivery.failing = false
    await sendDueReminders(depsWith(delivery), new Date(due.getTime() + 6 * 60_000))
    expect(to(delivery, '79167000022')).toHaveLength(1)
  })

  it('runs on its own inside the server and stops with it', async () => {
    const booked = await salon.book({ time: '17:00', phone: '79167000031', language: 'ru' })
    // Due a minute ago.
    await server.db
      .update(onlineBookings)
      .set({ remindAt: new Date(Date.now() - 60_000) })
      .where(eq(onlineBookings.id, booked.row.id))
    const job = startReminderJob(depsWith(server.app.delivery, server.db), 20)
    const deadline = Date.now() + 5000
    let reminders = 0
    while (reminders === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 30))
      reminders = (await outboxMessages(server.app)).filter(
        (message) => message.recipient === '79167000031' && message.text.includes('Напоминание'),
      ).length
    }
    await job.stop()
    expect(reminders).toBe(1)
  })
})
