import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newOnlineBookingsSchema, onlineBookingsSeenSchema } from '../../contract/online-booking/new-bookings'
import { recordGroups, staff } from '../../server/db/schema'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import { addMember, call, demoCompanies, expectOk, type DemoCompanies } from './business-api-helpers'
import { onlineBookingSalon } from './online-booking-fixture'

/** The salon's side of online booking: each member sees the bookings new to them, within their rights. */
describe.each(testDatabases())('new online bookings for the staff (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let salon: Awaited<ReturnType<typeof onlineBookingSalon>>
  let company: number

  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    company = demo.arbat
    salon = await onlineBookingSalon(server, company)
  }, 180_000)
  afterAll(() => server.close())

  const news = async (token: string, companyId = company) =>
    expectOk(
      await call(server, 'GET', `/company/${companyId}/online_bookings/new`, { token }),
      newOnlineBookingsSchema,
    )
  const markSeen = (token: string, until: string) =>
    call(server, 'POST', `/company/${company}/online_bookings/seen`, { token, body: { until } })

  it('lists the bookings made since the member looked, newest first, until they mark them looked at', async () => {
    const first = await salon.book({ time: '09:00', phone: '79168000001', language: 'ru' })
    const second = await salon.book({
      time: '10:00',
      phone: '79168000002',
      language: 'en',
      staffId: salon.boris,
    })
    const owner = await news(demo.demoToken)
    expect(owner.seen_until).toBeNull()
    expect(owner.bookings.map((booking) => booking.appointment_id)).toEqual([
      second.row.appointmentId,
      first.row.appointmentId,
    ])
    expect(owner.bookings[0]).toMatchObject({
      staff_id: salon.boris,
      staff_name: 'Boris Reminded',
      client_name: 'Client 0002',
      services: ['Evening haircut'],
      start_at: second.startAt.toISOString(),
      status: 'booked',
    })
    // Looked at up to the newest shown: nothing is new any more, to this member alone.
    const seen = expectOk(
      await markSeen(demo.demoToken, owner.bookings[0]!.booked_at),
      onlineBookingsSeenSchema,
    )
    expect(seen.seen_until).toBe(owner.bookings[0]!.booked_at)
    expect((await news(demo.demoToken)).bookings).toEqual([])
    const colleague = await addMember(server, company, { role: 'administrator' })
    expect((await news(colleague.token)).bookings).toHaveLength(2)
    // A later booking is new again; an older mark does not move the member's back.
    const third = await salon.book({ time: '11:00', phone: '79168000003', language: 'ru' })
    expect((await news(demo.demoToken)).bookings.map((booking) => booking.appointment_id)).toEqual([
      third.row.appointmentId,
    ])
    expectOk(await markSeen(demo.demoToken, '2020-01-01T00:00:00Z'), onlineBookingsSeenSchema)
    expect((await news(demo.demoToken)).bookings).toHaveLength(1)
    // A mark in the future is taken as now.
    const future = expectOk(await markSeen(demo.demoToken, '2999-01-01T00:00:00Z'), onlineBookingsSeenSchema)
    expect(Date.parse(future.seen_until)).toBeLessThanOrEqual(Date.now())
    expect((await news(demo.demoToken)).bookings).toEqual([])
  })

  it('shows a specialist limited to one staff member that one’s bookings alone', async () => {
    const annas = await salon.book({ time: '13:00', phone: '79168000011', language: 'ru' })
    await salon.book({ time: '13:00', phone: '79168000012', language: 'ru', staffId: salon.boris })
    const limited = await addMember(server, company, { overrides: { restricted_master_id: salon.anna } })
    const listed = await news(limited.token)
    expect(listed.bookings.length).toBeGreaterThan(0)
    expect(listed.bookings.every((booking) => booking.staff_id === salon.anna)).toBe(true)
    expect(listed.bookings.map((booking) => booking.appointment_id)).toContain(annas.row.appointmentId)
  })

  it('shows a member limited to one hall or department its staff members’ bookings alone', async () => {
    const [hall] = await server.db
      .insert(recordGroups)
      .values({ companyId: company, title: 'Boris’s hall' })
      .returning()
    await server.db.update(staff).set({ recordGroupId: hall!.id }).where(eq(staff.id, salon.boris))
    const boriss = await salon.book({
      time: '14:00',
      phone: '79168000021',
      language: 'ru',
      staffId: salon.boris,
    })
    await salon.book({ time: '14:00', phone: '79168000022', language: 'ru' })
    const limited = await addMember(server, company, { overrides: { restricted_record_group_id: hall!.id } })
    const listed = await news(limited.token)
    expect(listed.bookings.map((booking) => booking.appointment_id)).toContain(boriss.row.appointmentId)
    expect(listed.bookings.every((booking) => booking.staff_id === salon.boris)).toBe(true)
  })

  it('refuses a member without the book, and never shows another company’s bookings', async () => {
    const noBook = await addMember(server, company, { overrides: { timetable_access: false } })
    const refused = await call(server, 'GET', `/company/${company}/online_bookings/new`, {
      token: noBook.token,
    })
    expect(refused.statusCode).toBe(403)
    expect((await markSeen(noBook.token, new Date().toISOString())).statusCode).toBe(403)
    // The other company's owner: 404 for this company, and their own list holds none of its bookings.
    const foreign = await call(server, 'GET', `/company/${company}/online_bookings/new`, {
      token: demo.otherToken,
    })
    expect(foreign.statusCode).toBe(404)
    expect((await markSeen(demo.otherToken, new Date().toISOString())).statusCode).toBe(404)
    expect((await news(demo.otherToken, demo.northern)).bookings).toEqual([])
    // Nor does the demo owner's other salon list this one's.
    expect((await news(demo.demoToken, demo.tverskaya)).bookings).toEqual([])
  })

  it('refuses a mark that is not an exact moment with 422', async () => {
    for (const until of ['2030-01-01T10:00', 'yesterday', 5]) {
      const reply = await markSeen(demo.demoToken, until as string)
      expect(reply.statusCode).toBe(422)
    }
  })
})
