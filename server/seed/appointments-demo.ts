import { and, eq, inArray } from 'drizzle-orm'
import type { AppointmentStatus } from '../../contract/appointments/statuses'
import { minutesOf } from '../../contract/working-hours/week'
import { nextDate, wallClockOf, zonedInstant } from '../../contract/zoned-time'
import { dayHours, planBooking } from '../business/appointments/booking-plan'
import type { Database } from '../db/database'
import { appointments, appointmentServices, clients, companies, services, staff } from '../db/schema'

/**
 * One demo appointment: the day (0 today, 1 tomorrow, in the salon's zone), how many minutes after the start of
 * the staff member's first working stretch that day it begins, the service, the client (by phone) and its status.
 */
interface DemoAppointment {
  staffName: string
  day: 0 | 1
  afterOpening: number
  service: string
  clientPhone: string
  status: AppointmentStatus
}

const DEMO_APPOINTMENTS: DemoAppointment[] = [
  {
    staffName: 'Maria Ivanova',
    day: 0,
    afterOpening: 0,
    service: "Women's haircut",
    clientPhone: '+79161234501',
    status: 'confirmed',
  },
  {
    staffName: 'Maria Ivanova',
    day: 0,
    afterOpening: 120,
    service: 'Blow-dry styling',
    clientPhone: '+79161234502',
    status: 'booked',
  },
  {
    staffName: 'Maria Ivanova',
    day: 0,
    afterOpening: 300,
    service: "Men's haircut",
    clientPhone: '+79161234509',
    status: 'booked',
  },
  {
    staffName: 'Olga Petrova',
    day: 0,
    afterOpening: 60,
    service: 'Single-process colour',
    clientPhone: '+79161234503',
    status: 'booked',
  },
  {
    staffName: 'Elena Smirnova',
    day: 0,
    afterOpening: 30,
    service: 'Classic manicure',
    clientPhone: '+79161234504',
    status: 'confirmed',
  },
  {
    staffName: 'Elena Smirnova',
    day: 0,
    afterOpening: 180,
    service: 'Gel polish manicure',
    clientPhone: '+79161234505',
    status: 'booked',
  },
  {
    staffName: 'Maria Ivanova',
    day: 1,
    afterOpening: 60,
    service: "Women's haircut",
    clientPhone: '+79161234506',
    status: 'booked',
  },
  {
    staffName: 'Olga Petrova',
    day: 1,
    afterOpening: 0,
    service: 'Single-process colour',
    clientPhone: '+79161234507',
    status: 'booked',
  },
  {
    staffName: 'Elena Smirnova',
    day: 1,
    afterOpening: 120,
    service: 'Classic manicure',
    clientPhone: '+79161234508',
    status: 'booked',
  },
]

/**
 * Fills the book of Beauty Line — Tverskaya with a few appointments today and tomorrow (the salon's days, counted
 * when the seed runs), so the owner opens a book with something in it. Each one is placed in its staff member's
 * working hours of that day and left out when it would not fit (a day off, a short day), so the seed never
 * writes what the book itself would refuse. Runs after the working hours, clients and staff services are seeded.
 */
export async function seedAppointmentsDemo(db: Database, now = new Date()): Promise<void> {
  const [company] = await db
    .select({ id: companies.id, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.title, 'Beauty Line — Tverskaya'))
  if (!company) return
  const companyId = company.id
  const timeZone = company.timezone
  const today = wallClockOf(now, timeZone).date
  const staffRows = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(
      and(
        eq(staff.companyId, companyId),
        inArray(
          staff.name,
          DEMO_APPOINTMENTS.map((item) => item.staffName),
        ),
      ),
    )
  const serviceRows = await db
    .select({ id: services.id, title: services.title })
    .from(services)
    .where(eq(services.companyId, companyId))
  const clientRows = await db
    .select({ id: clients.id, phone: clients.phone })
    .from(clients)
    .where(eq(clients.companyId, companyId))
  for (const item of DEMO_APPOINTMENTS) {
    const staffId = staffRows.find((row) => row.name === item.staffName)?.id
    const serviceId = serviceRows.find((row) => row.title === item.service)?.id
    const clientId = clientRows.find((row) => row.phone === item.clientPhone)?.id ?? null
    if (staffId === undefined || serviceId === undefined) continue
    const date = nextDate(today, item.day)
    const [first] = await dayHours(db, companyId, staffId, date)
    if (!first) continue
    const plan = await planBooking(db, companyId, staffId, [serviceId])
    const startMinute = minutesOf(first.start) + item.afterOpening
    if (startMinute * 60 + plan.durationSec > minutesOf(first.end) * 60) continue
    const startAt = zonedInstant(date, startMinute, timeZone)
    if (!startAt) continue
    const endAt = new Date(startAt.getTime() + plan.durationSec * 1000)
    const [created] = await db
      .insert(appointments)
      .values({
        companyId,
        staffId,
        clientId,
        startAt,
        endAt,
        busyUntil: new Date(endAt.getTime() + plan.breakSec * 1000),
        status: item.status,
      })
      .returning({ id: appointments.id })
    let cursor = startAt.getTime()
    await db.insert(appointmentServices).values(
      plan.parts.map((part, position) => {
        const start = cursor
        cursor += part.lengthSec * 1000
        return {
          companyId,
          appointmentId: created!.id,
          serviceId: part.serviceId,
          compositeId: part.compositeId,
          position,
          startAt: new Date(start),
          endAt: new Date(cursor),
        }
      }),
    )
  }
}
