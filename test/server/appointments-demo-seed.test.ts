import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointmentListSchema, freeSlotsSchema } from '../../contract/appointments/schemas'
import { minutesOf } from '../../contract/working-hours/week'
import { nextDate, wallClockOf } from '../../contract/zoned-time'
import { seedAppointmentsDemo } from '../../server/seed/appointments-demo'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import { call, demoCompanies, expectOk, type DemoCompanies } from './business-api-helpers'

describe.each(testDatabases())('the demo appointment book (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
  })
  afterAll(() => server.close())

  const list = async (date: string) =>
    expectOk(
      await call(server, 'GET', `/company/${demo.tverskaya}/appointments?date=${date}`, {
        token: demo.demoToken,
      }),
      appointmentListSchema,
    )

  /** Every appointment of a day lies inside a working stretch of its staff member. */
  async function expectWithinHours(date: string, rows: Awaited<ReturnType<typeof list>>) {
    for (const row of rows.appointments) {
      const serviceId = row.services[0]!.service_id
      const day = expectOk(
        await call(
          server,
          'GET',
          `/company/${demo.tverskaya}/appointments/free-slots?staff_id=${row.staff_id}&service_ids=${serviceId}&date=${date}`,
          { token: demo.demoToken },
        ),
        freeSlotsSchema,
      )
      const start = wallClockOf(new Date(row.start_at), rows.timezone)
      const end = wallClockOf(new Date(row.end_at), rows.timezone)
      expect(start.date).toBe(date)
      expect(
        day.hours.some(
          (stretch) => minutesOf(stretch.start) <= start.minutes && end.minutes <= minutesOf(stretch.end),
        ),
      ).toBe(true)
    }
  }

  it('has appointments today and tomorrow for three staff members, with clients and services, in their hours', async () => {
    const today = wallClockOf(new Date(), 'Europe/Moscow').date
    const todays = await list(today)
    const tomorrows = await list(nextDate(today))
    expect(todays.appointments.length).toBeGreaterThanOrEqual(5)
    expect(tomorrows.appointments.length).toBeGreaterThanOrEqual(2)
    expect(new Set(todays.appointments.map((row) => row.staff_id)).size).toBeGreaterThanOrEqual(2)
    for (const row of [...todays.appointments, ...tomorrows.appointments]) {
      expect(row.client?.name).toBeTruthy()
      expect(row.services).toHaveLength(1)
    }
    expect(todays.appointments.map((row) => row.status)).toContain('confirmed')
    await expectWithinHours(today, todays)
    await expectWithinHours(nextDate(today), tomorrows)
  })

  it('leaves out an appointment of a staff member who does not work that day', async () => {
    // 2031-03-03 is a Monday: Olga Petrova's own week has no Monday, so only the others get appointments.
    await seedAppointmentsDemo(server.db, new Date('2031-03-03T06:00:00Z'))
    const monday = await list('2031-03-03')
    const tuesday = await list('2031-03-04')
    expect(monday.appointments.map((row) => row.services[0]!.title)).not.toContain('Single-process colour')
    expect(tuesday.appointments.map((row) => row.services[0]!.title)).toContain('Single-process colour')
    expect(monday.appointments.length).toBeGreaterThan(0)
    await expectWithinHours('2031-03-03', monday)
    await expectWithinHours('2031-03-04', tuesday)
  })
})
