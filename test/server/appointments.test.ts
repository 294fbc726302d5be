import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  appointmentListSchema,
  appointmentSchema,
  freeSlotsSchema,
  workingHoursExceptionSchema,
} from '../../contract/appointments/schemas'
import { ErrorCode } from '../../contract/error-codes'
import {
  accounts,
  auditLog,
  clients,
  companies,
  resourceInstances,
  resources,
  serviceCategories,
  serviceResources,
  services,
  serviceStaff,
  staff,
} from '../../server/db/schema'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import { addMember, call, demoCompanies, expectOk, type DemoCompanies } from './business-api-helpers'

const listUrl = (companyId: number) => `/company/${companyId}/appointments`

describe.each(testDatabases())('appointments (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let company: number
  let staffA: number
  let staffB: number
  let hourService: number
  let tableService: number
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    company = demo.arbat
    // Arbat runs on Berlin time here, so that the daylight-saving night of 2026-03-29 is a test of wall clocks.
    await server.db.update(companies).set({ timezone: 'Europe/Berlin' }).where(eq(companies.id, company))
    const [category] = await server.db
      .insert(serviceCategories)
      .values({ companyId: company, title: 'Test category' })
      .returning()
    const [a] = await server.db.insert(staff).values({ companyId: company, name: 'Anna Test' }).returning()
    const [b] = await server.db.insert(staff).values({ companyId: company, name: 'Boris Test' }).returning()
    staffA = a!.id
    staffB = b!.id
    const [hour] = await server.db
      .insert(services)
      .values({
        companyId: company,
        categoryId: category!.id,
        title: 'Hour',
        duration: 3600,
        technicalBreakDuration: 900,
      })
      .returning()
    hourService = hour!.id
    // Anna does the hour in 45 minutes: her own duration wins.
    await server.db
      .insert(serviceStaff)
      .values({ companyId: company, serviceId: hourService, staffId: staffA, seanceLength: 2700 })
    const [table] = await server.db
      .insert(services)
      .values({ companyId: company, categoryId: category!.id, title: 'Needs a table', duration: 1800 })
      .returning()
    tableService = table!.id
    const [resource] = await server.db
      .insert(resources)
      .values({ companyId: company, title: 'Table' })
      .returning()
    await server.db
      .insert(resourceInstances)
      .values({ companyId: company, resourceId: resource!.id, title: 'Table 1' })
    await server.db
      .insert(serviceResources)
      .values({ companyId: company, serviceId: tableService, resourceId: resource!.id })
    // Every day of the future test dates is a working day from 09:00 to 18:00 for both.
    for (const staffId of [staffA, staffB]) {
      for (const date of ['2030-01-07', '2030-01-08', '2030-01-09']) {
        expectOk(
          await call(server, 'PUT', `/company/${company}/staff/${staffId}/working_hours_exceptions/${date}`, {
            token: demo.demoToken,
            body: { intervals: [{ start: '09:00', end: '18:00' }] },
          }),
          workingHoursExceptionSchema,
        )
      }
    }
  })
  afterAll(() => server.close())

  const book = (body: Record<string, unknown>, token = demo.demoToken) =>
    call(server, 'POST', listUrl(company), { token, body })
  const arbatCash = async () => {
    const [row] = await server.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.companyId, company), eq(accounts.title, 'Front desk cash')))
    return row!.id
  }

  it('lets exactly one of 20 bookings racing for one slot win; the others get 409 with code 4001', async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        book({
          staff_id: staffB,
          service_ids: [hourService],
          start_at: '2030-01-07T10:00',
          client_name: `Racer ${index}`,
        }),
      ),
    )
    const statuses = replies.map((reply) => reply.statusCode).sort()
    // Any other reply is named with its body, so a failure says what the losers got.
    const others = replies.filter((reply) => reply.statusCode !== 201 && reply.statusCode !== 409)
    expect(others.map((reply) => `${reply.statusCode} ${reply.body.slice(0, 200)}`)).toEqual([])
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(19)
    for (const reply of replies.filter((item) => item.statusCode === 409)) {
      expect(json(reply).errors).toMatchObject({ code: ErrorCode.appointmentSlotTaken, conflict: 'staff' })
    }
    const list = expectOk(
      await call(server, 'GET', `${listUrl(company)}?date=2030-01-07&staff_id=${staffB}`, {
        token: demo.demoToken,
      }),
      appointmentListSchema,
    )
    expect(list.appointments).toHaveLength(1)
    // The technical break (15 minutes) keeps the slot after it taken too: 11:00 is busy, 11:15 is free.
    const slots = expectOk(
      await call(
        server,
        'GET',
        `${listUrl(company)}/free-slots?staff_id=${staffB}&service_ids=${hourService}&date=2030-01-07`,
        { token: demo.demoToken },
      ),
      freeSlotsSchema,
    )
    const times = slots.slots.map((slot) => slot.time)
    expect(times).not.toContain('10:00')
    expect(times).not.toContain('11:00')
    expect(times).toContain('11:15')
    // Nothing fits before 10:00 either: 09:00 would end at 10:00 and its break would run into the booking.
    expect(times[0]).toBe('11:15')
    expect(times.at(-1)).toBe('17:00')
  })

  it('races 20 bookings of the only table at one time by different staff: one wins', async () => {
    const [c] = await server.db.insert(staff).values({ companyId: company, name: 'Extra' }).returning()
    const staffIds = [staffA, staffB, c!.id]
    for (const staffId of staffIds) {
      await call(server, 'PUT', `/company/${company}/staff/${staffId}/working_hours_exceptions/2030-01-09`, {
        token: demo.demoToken,
        body: { intervals: [{ start: '09:00', end: '18:00' }] },
      })
    }
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        book({ staff_id: staffIds[index % 3]!, service_ids: [tableService], start_at: '2030-01-09T12:00' }),
      ),
    )
    const won = replies.filter((reply) => reply.statusCode === 201)
    expect(won).toHaveLength(1)
    expect(replies.filter((reply) => reply.statusCode === 409)).toHaveLength(19)
    expect(replies.every((reply) => reply.statusCode === 201 || reply.statusCode === 409)).toBe(true)
  })

  it("takes the staff member's own duration and refuses a time outside their hours", async () => {
    const created = expectOk(
      await book({
        staff_id: staffA,
        service_ids: [hourService],
        start_at: '2030-01-08T09:00',
        client_name: 'Olga',
        client_phone: '+7 916 123-45-67',
      }),
      appointmentSchema,
      201,
    )
    expect(new Date(created.end_at).getTime() - new Date(created.start_at).getTime()).toBe(2700 * 1000)
    expect(created.client).toMatchObject({ name: 'Olga', phone: '+79161234567' })
    // The same phone in another format finds the same client.
    const again = expectOk(
      await book({
        staff_id: staffA,
        service_ids: [hourService],
        start_at: '2030-01-08T12:00',
        client_phone: '8 (916) 123 45 67',
      }),
      appointmentSchema,
      201,
    )
    expect(again.client!.id).toBe(created.client!.id)
    const outside = await book({ staff_id: staffA, service_ids: [hourService], start_at: '2030-01-08T17:30' })
    expect(outside.statusCode).toBe(422)
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, company), eq(auditLog.action, 'appointment_created')))
    expect(audit.length).toBeGreaterThanOrEqual(2)
    const phones = await server.db.select().from(clients).where(eq(clients.phone, '+79161234567'))
    expect(phones).toHaveLength(1)
  })

  it('gives slots in wall-clock hours across the spring-forward night in Berlin', async () => {
    expectOk(
      await call(server, 'PUT', `/company/${company}/staff/${staffB}/working_hours_exceptions/2026-03-29`, {
        token: demo.demoToken,
        body: { intervals: [{ start: '01:00', end: '05:00' }] },
      }),
      workingHoursExceptionSchema,
    )
    const slots = expectOk(
      await call(
        server,
        'GET',
        `${listUrl(company)}/free-slots?staff_id=${staffB}&service_ids=${hourService}&date=2026-03-29`,
        { token: demo.demoToken },
      ),
      freeSlotsSchema,
    )
    // 02:00 to 03:00 does not exist that night; an hour-long service from 04:00 ends at 05:00 (03:00 UTC).
    expect(slots.slots.map((slot) => slot.time)).toEqual([
      '01:00',
      '01:15',
      '01:30',
      '01:45',
      '03:00',
      '03:15',
      '03:30',
      '03:45',
      '04:00',
    ])
    expect(slots.slots[0]!.start_at).toBe('2026-03-29T00:00:00.000Z')
    expect(slots.slots[4]!.start_at).toBe('2026-03-29T01:00:00.000Z')
    // Booked at 03:00 wall-clock, the appointment starts at 01:00 UTC and the day's list shows it.
    const created = expectOk(
      await book({ staff_id: staffB, service_ids: [hourService], start_at: '2026-03-29T03:00' }),
      appointmentSchema,
      201,
    )
    expect(created.start_at).toBe('2026-03-29T01:00:00.000Z')
  })

  it('follows the status machine: arrived then paid, and refuses a move it does not allow with 409', async () => {
    const created = expectOk(
      await book({ staff_id: staffB, service_ids: [hourService], start_at: '2030-01-08T14:00' }),
      appointmentSchema,
      201,
    )
    // Marking paid takes the payment with it (test/server/appointment-payments.test.ts covers the payment).
    const cash = await arbatCash()
    const setStatus = (status: string) =>
      call(server, 'PUT', `${listUrl(company)}/${created.id}/status`, {
        token: demo.demoToken,
        body: status === 'paid' ? { status, payment: { amount: 0, account_id: cash } } : { status },
      })
    expect((await setStatus('paid')).statusCode).toBe(409)
    expect(json(await setStatus('paid')).errors).toMatchObject({ code: ErrorCode.appointmentStatusForbidden })
    expect(expectOk(await setStatus('arrived'), appointmentSchema).status).toBe('arrived')
    expect(expectOk(await setStatus('paid'), appointmentSchema).status).toBe('paid')
    expect((await setStatus('cancelled')).statusCode).toBe(409)
    expect((await setStatus('bogus')).statusCode).toBe(422)
  })

  it('moves an appointment to another staff member and time, and refuses a taken one', async () => {
    const first = expectOk(
      await book({ staff_id: staffA, service_ids: [hourService], start_at: '2030-01-09T15:00' }),
      appointmentSchema,
      201,
    )
    const moved = expectOk(
      await call(server, 'PATCH', `${listUrl(company)}/${first.id}`, {
        token: demo.demoToken,
        body: { staff_id: staffB, start_at: '2030-01-09T16:00' },
      }),
      appointmentSchema,
    )
    expect(moved.staff_id).toBe(staffB)
    // Boris does the hour in an hour (no own duration), but a move keeps the booked length.
    expect(new Date(moved.end_at).getTime() - new Date(moved.start_at).getTime()).toBe(2700 * 1000)
    const second = expectOk(
      await book({ staff_id: staffA, service_ids: [hourService], start_at: '2030-01-09T10:00' }),
      appointmentSchema,
      201,
    )
    const clash = await call(server, 'PATCH', `${listUrl(company)}/${second.id}`, {
      token: demo.demoToken,
      body: { staff_id: staffB, start_at: '2030-01-09T16:30' },
    })
    expect(clash.statusCode).toBe(409)
    expect(json(clash).errors).toMatchObject({ code: ErrorCode.appointmentSlotTaken })
  })

  it('resizes an appointment by a new end through the same checks as a move', async () => {
    const first = expectOk(
      await book({ staff_id: staffA, service_ids: [hourService], start_at: '2030-01-07T10:00' }),
      appointmentSchema,
      201,
    )
    const next = expectOk(
      await book({ staff_id: staffA, service_ids: [hourService], start_at: '2030-01-07T12:00' }),
      appointmentSchema,
      201,
    )
    const resize = (endAt: string, token = demo.demoToken) =>
      call(server, 'PATCH', `${listUrl(company)}/${first.id}`, { token, body: { end_at: endAt } })
    const longer = expectOk(await resize('2030-01-07T11:30'), appointmentSchema)
    expect(longer.start_at).toBe(first.start_at)
    expect(longer.end_at).toBe(new Date('2030-01-07T11:30:00+01:00').toISOString())
    // The technical break follows the new end.
    expect(longer.busy_until).toBe(new Date('2030-01-07T11:45:00+01:00').toISOString())
    expect(longer.services.at(-1)?.end_at).toBe(longer.end_at)
    // Into the next appointment (its start at 12:00 falls inside the new end plus the break): the constraint refuses.
    const clash = await resize('2030-01-07T12:00')
    expect(clash.statusCode).toBe(409)
    expect(json(clash).errors).toMatchObject({ code: ErrorCode.appointmentSlotTaken, conflict: 'staff' })
    expect(next.staff_id).toBe(staffA)
    // Past the staff member's hours, or to nothing.
    expect((await resize('2030-01-07T18:30')).statusCode).toBe(422)
    expect((await resize('2030-01-07T10:00')).statusCode).toBe(422)
    expect((await resize('tomorrow')).statusCode).toBe(422)
    // A member without the duration right may move but not resize.
    const mover = await addMember(server, company, {
      role: 'administrator',
      overrides: { record_edit_access: true, record_duration_edit_access: false },
    })
    expect((await resize('2030-01-07T11:15', mover.token)).statusCode).toBe(403)
    const after = expectOk(
      await call(server, 'GET', `${listUrl(company)}?date=2030-01-07&staff_id=${staffA}`, {
        token: demo.demoToken,
      }),
      appointmentListSchema,
    )
    expect(after.appointments.find((item) => item.id === first.id)?.end_at).toBe(longer.end_at)
  })

  it("keeps another company's appointments out of reach (404)", async () => {
    const created = expectOk(
      await book({ staff_id: staffA, service_ids: [hourService], start_at: '2030-01-07T16:00' }),
      appointmentSchema,
      201,
    )
    const stranger = await call(server, 'PUT', `/company/${company}/appointments/${created.id}/status`, {
      token: demo.otherToken,
      body: { status: 'arrived' },
    })
    expect(stranger.statusCode).toBe(404)
    // Through the demo owner's other salon, the appointment does not exist either.
    const viaOther = await call(server, 'PATCH', `${listUrl(demo.tverskaya)}/${created.id}`, {
      token: demo.demoToken,
      body: { start_at: '2030-01-07T17:00' },
    })
    expect(viaOther.statusCode).toBe(404)
    const foreignStaff = await call(server, 'POST', listUrl(demo.tverskaya), {
      token: demo.demoToken,
      body: { staff_id: staffA, service_ids: [hourService], start_at: '2030-01-07T12:00' },
    })
    expect(foreignStaff.statusCode).toBe(404)
  })

  describe('rights', () => {
    it('a member limited to one staff member sees and books only theirs', async () => {
      const member = await addMember(server, company, { overrides: { restricted_master_id: staffA } })
      const list = expectOk(
        await call(server, 'GET', `${listUrl(company)}?date=2030-01-07&days=7`, { token: member.token }),
        appointmentListSchema,
      )
      expect(list.appointments.length).toBeGreaterThan(0)
      expect(list.appointments.every((item) => item.staff_id === staffA)).toBe(true)
      const other = await book(
        { staff_id: staffB, service_ids: [hourService], start_at: '2030-01-08T16:00' },
        member.token,
      )
      expect(other.statusCode).toBe(404)
      const foreign = list.appointments[0]!
      const boris = expectOk(
        await call(server, 'GET', `${listUrl(company)}?date=2030-01-07&days=7&staff_id=${staffB}`, {
          token: demo.demoToken,
        }),
        appointmentListSchema,
      ).appointments[0]!
      expect(foreign.staff_id).toBe(staffA)
      const touch = await call(server, 'PUT', `${listUrl(company)}/${boris.id}/status`, {
        token: member.token,
        body: { status: 'cancelled' },
      })
      expect(touch.statusCode).toBe(404)
    })

    it('refuses creating before the create window and changing before the edit window (403, code 4003)', async () => {
      const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)
      await call(server, 'PUT', `/company/${company}/staff/${staffA}/working_hours_exceptions/${yesterday}`, {
        token: demo.demoToken,
        body: { intervals: [{ start: '00:00', end: '24:00' }] },
      })
      const old = expectOk(
        await book({ staff_id: staffA, service_ids: [hourService], start_at: `${yesterday}T12:00` }),
        appointmentSchema,
        201,
      )
      const member = await addMember(server, company, {
        overrides: {
          create_records_last_days_count: 0,
          edit_records_last_days_count: 1,
          // May change lengths at all: what refuses the resize below is the window alone.
          record_duration_edit_access: true,
        },
      })
      const create = await book(
        { staff_id: staffA, service_ids: [hourService], start_at: `${yesterday}T15:00` },
        member.token,
      )
      expect(create.statusCode).toBe(403)
      expect(json(create).errors).toMatchObject({ code: ErrorCode.appointmentOutsideWindow })
      const edit = await call(server, 'PATCH', `${listUrl(company)}/${old.id}`, {
        token: member.token,
        body: { start_at: `${yesterday}T16:00` },
      })
      expect(edit.statusCode).toBe(403)
      const resize = await call(server, 'PATCH', `${listUrl(company)}/${old.id}`, {
        token: member.token,
        body: { end_at: `${yesterday}T13:30` },
      })
      expect(resize.statusCode).toBe(403)
      expect(json(resize).errors).toMatchObject({ code: ErrorCode.appointmentOutsideWindow })
      // The owner, without limits, may.
      expect(
        (
          await call(server, 'PATCH', `${listUrl(company)}/${old.id}`, {
            token: demo.demoToken,
            body: { start_at: `${yesterday}T16:00` },
          })
        ).statusCode,
      ).toBe(200)
    })

    it('refuses each write without its flag (403)', async () => {
      const member = await addMember(server, company, {
        overrides: {
          record_create_access: false,
          record_edit_access: false,
          record_finances_payment_access: false,
        },
      })
      expect(
        (
          await book(
            { staff_id: staffA, service_ids: [hourService], start_at: '2030-01-09T09:00' },
            member.token,
          )
        ).statusCode,
      ).toBe(403)
      const created = expectOk(
        await book({ staff_id: staffA, service_ids: [hourService], start_at: '2030-01-09T09:00' }),
        appointmentSchema,
        201,
      )
      const move = await call(server, 'PATCH', `${listUrl(company)}/${created.id}`, {
        token: member.token,
        body: { start_at: '2030-01-09T11:00' },
      })
      expect(move.statusCode).toBe(403)
      await call(server, 'PUT', `${listUrl(company)}/${created.id}/status`, {
        token: demo.demoToken,
        body: { status: 'arrived' },
      })
      const pay = await call(server, 'PUT', `${listUrl(company)}/${created.id}/status`, {
        token: member.token,
        body: { status: 'paid', payment: { amount: 100, account_id: await arbatCash() } },
      })
      expect(pay.statusCode).toBe(403)
    })
  })
})
