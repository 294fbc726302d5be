// 7. The appointment book's week: a salon with 20 staff members and 2,000 appointments in one week (each with
//    a client and a service). The baseline is one raw select of the same rows through the driver (the
//    appointments of the week with their service titles and client names); the subject is
//    GET /api/v1/company/:id/appointments?date&days=7 with a Bearer token, which also checks the session and
//    the member's rights and answers the week as JSON.
import type { PGlite } from '@electric-sql/pglite'
import { eq } from 'drizzle-orm'
import type pg from 'pg'
import { nextDate, zonedInstant } from '../../contract/zoned-time'
import { appointments, appointmentServices } from '../../server/db/schema/appointments'
import { clients } from '../../server/db/schema/clients'
import { companies, services, staff } from '../../server/db/schema/core'
import { bearer, json, signIn } from '../support/server-harness'
import type { BenchServer } from './bench-server'
import { compare, type Comparison } from './compare'
import { runOps, type LoadGenerator } from './load'
import type { Settings } from './settings'

export const WEEK_STAFF = 20
export const WEEK_APPOINTMENTS = 2000
const CLIENTS = 400
/** A Monday well after any demo data, so the week holds only what this benchmark writes. */
export const WEEK_START = '2031-03-03'

const WEEK_ROWS = `
  select a.id, a.staff_id, a.start_at, a.end_at, a.busy_until, a.status, a.comment,
         c.id as client_id, c.name, c.surname, c.phone, s.service_id, sv.title, s.start_at as part_start
  from appointments a
  left join clients c on c.id = a.client_id
  join appointment_services s on s.appointment_id = a.id
  join services sv on sv.id = s.service_id
  where a.company_id = $1 and a.start_at >= $2 and a.start_at < $3
  order by a.start_at, a.id, s.position`

/** Fills the demo owner's first salon up to 20 staff and writes 2,000 appointments into one week. */
export async function fillWeek(server: BenchServer, companyId: number): Promise<void> {
  const db = server.db
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId))
  const timeZone = company!.timezone
  const existing = await db.select({ id: staff.id }).from(staff).where(eq(staff.companyId, companyId))
  const added = await db
    .insert(staff)
    .values(
      Array.from({ length: WEEK_STAFF - existing.length }, (_, index) => ({
        companyId,
        name: `Bench master ${index + 1}`,
      })),
    )
    .returning({ id: staff.id })
  const staffIds = [...existing, ...added].map((row) => row.id)
  const [service] = await db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.companyId, companyId))
    .limit(1)
  const clientIds = (
    await db
      .insert(clients)
      .values(
        Array.from({ length: CLIENTS }, (_, index) => ({
          companyId,
          name: `Client ${index + 1}`,
          phone: `+7916${String(1_000_000 + index).padStart(7, '0')}`,
        })),
      )
      .returning({ id: clients.id })
  ).map((row) => row.id)
  // Half-hour appointments back to back from 08:00, spread evenly over the staff and the seven days.
  const perStaffDay = Math.ceil(WEEK_APPOINTMENTS / (WEEK_STAFF * 7))
  const rows: (typeof appointments.$inferInsert)[] = []
  for (let index = 0; index < WEEK_APPOINTMENTS; index++) {
    const staffIndex = index % WEEK_STAFF
    const day = Math.floor(index / WEEK_STAFF) % 7
    const slot = Math.floor(index / (WEEK_STAFF * 7))
    if (slot >= perStaffDay) throw new Error('the week is full')
    const startAt = zonedInstant(nextDate(WEEK_START, day), 8 * 60 + slot * 30, timeZone)!
    const endAt = new Date(startAt.getTime() + 30 * 60_000)
    rows.push({
      companyId,
      staffId: staffIds[staffIndex]!,
      clientId: clientIds[index % CLIENTS]!,
      startAt,
      endAt,
      busyUntil: endAt,
    })
  }
  for (let offset = 0; offset < rows.length; offset += 500) {
    const written = await db
      .insert(appointments)
      .values(rows.slice(offset, offset + 500))
      .returning({ id: appointments.id, startAt: appointments.startAt, endAt: appointments.endAt })
    await db.insert(appointmentServices).values(
      written.map((row) => ({
        companyId,
        appointmentId: row.id,
        serviceId: service!.id,
        position: 0,
        startAt: row.startAt,
        endAt: row.endAt,
      })),
    )
  }
}

function rawWeek(server: BenchServer): (companyId: number, from: Date, to: Date) => Promise<number> {
  const client = (server.db as unknown as { $client: PGlite | pg.Pool }).$client
  if (server.kind === 'pglite') {
    const pglite = client as PGlite
    return async (companyId, from, to) => (await pglite.query(WEEK_ROWS, [companyId, from, to])).rows.length
  }
  const pool = client as pg.Pool
  return async (companyId, from, to) => (await pool.query(WEEK_ROWS, [companyId, from, to])).rows.length
}

export async function benchAppointmentsWeek(
  load: LoadGenerator,
  server: BenchServer,
  settings: Settings,
  log: (line: string) => void,
): Promise<Comparison> {
  const { access_token } = await signIn(server.app)
  const companiesReply = await server.app.inject({ url: '/api/v1/companies', headers: bearer(access_token) })
  const companyId: unknown = json(companiesReply).data?.[0]?.id
  if (typeof companyId !== 'number') throw new Error(`no company for the demo user: ${companiesReply.body}`)
  log(`writing ${WEEK_APPOINTMENTS.toLocaleString('en-US')} appointments for ${WEEK_STAFF} staff members`)
  await fillWeek(server, companyId)

  const [company] = await server.db.select().from(companies).where(eq(companies.id, companyId))
  const from = zonedInstant(WEEK_START, 0, company!.timezone)!
  const to = zonedInstant(nextDate(WEEK_START, 7), 0, company!.timezone)!
  const query = rawWeek(server)
  const select = async () => {
    const count = await query(companyId, from, to)
    if (count !== WEEK_APPOINTMENTS) throw new Error(`the week has ${count} rows, not ${WEEK_APPOINTMENTS}`)
  }
  const check = await server.app.inject({
    url: `/api/v1/company/${companyId}/appointments?date=${WEEK_START}&days=7`,
    headers: bearer(access_token),
  })
  const listed = json(check).data?.appointments?.length
  if (listed !== WEEK_APPOINTMENTS)
    throw new Error(`the API lists ${listed} appointments: ${check.statusCode}`)

  const kind = server.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'
  return compare(
    `Appointment book, a week of ${WEEK_STAFF} staff and ${WEEK_APPOINTMENTS.toLocaleString('en-US')} appointments (${kind})`,
    {
      label: `${kind} raw select of the week's rows`,
      unit: 'weeks/s',
      round: () =>
        runOps(select, {
          count: settings.weekRawCount,
          concurrency: settings.weekConcurrency,
          maxMs: settings.maxRoundMs,
        }),
    },
    {
      label: 'GET /api/v1/company/:id/appointments?days=7 (Bearer)',
      unit: 'req/s',
      round: () =>
        load.run({
          url: `${server.origin}/api/v1/company/${companyId}/appointments?date=${WEEK_START}&days=7`,
          method: 'GET',
          headers: bearer(access_token),
          count: settings.weekHttpCount,
          concurrency: settings.weekConcurrency,
          maxMs: settings.maxRoundMs,
          expectStatus: 200,
        }),
    },
    settings.rounds,
    log,
  )
}
