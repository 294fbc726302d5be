import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointmentListSchema, appointmentSchema } from '../../contract/appointments/schemas'
import { ErrorCode } from '../../contract/error-codes'
import {
  onlineBookingConfirmedSchema,
  onlineBookingRequestSchema,
  onlineBookingSchema,
  onlineCatalogueSchema,
  onlineFreeTimesSchema,
} from '../../contract/online-booking/schemas'
import { nextDate, wallClockOf, zonedInstant } from '../../contract/zoned-time'
import {
  clients,
  companies,
  onlineBookings,
  serviceCategories,
  services,
  serviceStaff,
  staff,
  workingHoursExceptions,
} from '../../server/db/schema'
import { makeFixtureDist } from '../support/fixture-dist'
import {
  createTestServer,
  json,
  latestCodeTo,
  outboxMessages,
  randomIp,
  testDatabases,
  type TestServer,
} from '../support/server-harness'
import { call, demoCompanies, expectOk, type DemoCompanies } from './business-api-helpers'

const TIME_ZONE = 'Europe/Moscow'

describe.each(testDatabases())('online booking (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let company: number
  let anna: number
  let boris: number
  let hidden: number
  let haircut: number
  let offline: number
  /** A working day three days ahead in the salon's time zone, inside the online booking window. */
  let day: string
  const at = (time: string) => {
    const [hours, minutes] = time.split(':').map(Number)
    return zonedInstant(day, hours! * 60 + minutes!, TIME_ZONE)!.toISOString()
  }

  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    company = demo.arbat
    await server.db.update(companies).set({ timezone: TIME_ZONE }).where(eq(companies.id, company))
    day = nextDate(wallClockOf(new Date(), TIME_ZONE).date, 3)
    const [category] = await server.db
      .insert(serviceCategories)
      .values({ companyId: company, title: 'Online test' })
      .returning()
    const insertStaff = async (name: string, extra: Partial<typeof staff.$inferInsert> = {}) =>
      (
        await server.db
          .insert(staff)
          .values({ companyId: company, name, ...extra })
          .returning()
      )[0]!.id
    anna = await insertStaff('Anna Online', { weight: 1000 })
    boris = await insertStaff('Boris Online', { weight: 999 })
    hidden = await insertStaff('Hidden Online', { hidden: 1, weight: 998 })
    const insertService = async (title: string, isOnline: boolean) =>
      (
        await server.db
          .insert(services)
          .values({ companyId: company, categoryId: category!.id, title, duration: 3600, isOnline })
          .returning()
      )[0]!.id
    haircut = await insertService('Online haircut', true)
    offline = await insertService('Salon-only peel', false)
    for (const staffId of [anna, boris, hidden]) {
      await server.db
        .insert(serviceStaff)
        .values({ companyId: company, serviceId: haircut, staffId, seanceLength: 3600 })
    }
    await server.db
      .insert(serviceStaff)
      .values({ companyId: company, serviceId: offline, staffId: anna, seanceLength: 3600 })
    for (const staffId of [anna, boris, hidden]) {
      await server.db
        .insert(workingHoursExceptions)
        .values({ companyId: company, staffId, date: day, intervals: [{ start: '09:00', end: '18:00' }] })
    }
  })
  afterAll(() => server.close())

  const publicCall = (method: 'GET' | 'POST', url: string, body?: unknown, headers = {}) =>
    server.app.inject({
      method,
      url: `/api/v1${url}`,
      remoteAddress: randomIp(),
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    })

  const request = (fields: Record<string, unknown>, headers = {}) =>
    publicCall(
      'POST',
      `/b2c/${company}/requests`,
      { service_ids: [haircut], staff_id: anna, name: 'Vera Client', phone: '+7 916 123-45-67', ...fields },
      headers,
    )

  const confirm = (requestId: string, code: string) =>
    publicCall('POST', `/b2c/${company}/requests/${requestId}/confirm`, { code })

  const ownerDay = async () =>
    expectOk(
      await call(server, 'GET', `/company/${company}/appointments?date=${day}`, { token: demo.demoToken }),
      appointmentListSchema,
    ).appointments

  it('shows online services and bookable staff only, and nothing private of the salon', async () => {
    const reply = await publicCall('GET', `/b2c/${company}`)
    const catalogue = expectOk(reply, onlineCatalogueSchema)
    expect(Object.keys(json(reply).data.company).sort()).toEqual([
      'address',
      'currency',
      'id',
      'phone',
      'timezone',
      'title',
    ])
    expect(catalogue.services.map((service) => service.title)).toContain('Online haircut')
    expect(catalogue.services.map((service) => service.title)).not.toContain('Salon-only peel')
    const names = catalogue.staff.map((member) => member.name)
    expect(names).toEqual(expect.arrayContaining(['Anna Online', 'Boris Online']))
    expect(names).not.toContain('Hidden Online')
    for (const member of json(reply).data.staff) {
      expect(Object.keys(member).sort()).toEqual(['id', 'name', 'service_ids', 'specialization'])
    }
    // The offline service is no service of Anna's here.
    expect(catalogue.staff.find((member) => member.id === anna)!.service_ids).not.toContain(offline)
    expect(reply.body).not.toMatch(/user_id|information|password|email/i)
  })

  it('answers 404 for a company that does not exist or is a chain, with one message', async () => {
    const unknown = await publicCall('GET', '/b2c/999999')
    expect(unknown.statusCode).toBe(404)
    const [chain] = await server.db.select().from(companies).where(eq(companies.type, 'group'))
    if (chain) {
      const group = await publicCall('GET', `/b2c/${chain.id}`)
      expect(group.statusCode).toBe(404)
      expect(json(group).meta.message).toBe(json(unknown).meta.message)
    }
  })

  it('lists free times for a staff member and for anyone, refusing services that are not online', async () => {
    const times = expectOk(
      await publicCall(
        'GET',
        `/b2c/${company}/free_times?service_ids=${haircut}&staff_id=${anna}&date=${day}`,
      ),
      onlineFreeTimesSchema,
    )
    expect(times.slots[0]).toEqual({ start_at: at('09:00'), time: '09:00' })
    expect(times.slots.at(-1)!.time).toBe('17:00')
    const anyone = expectOk(
      await publicCall('GET', `/b2c/${company}/free_times?service_ids=${haircut}&staff_id=any&date=${day}`),
      onlineFreeTimesSchema,
    )
    expect(anyone.slots.map((slot) => slot.time)).toContain('09:00')
    const refused = await publicCall(
      'GET',
      `/b2c/${company}/free_times?service_ids=${offline}&staff_id=${anna}&date=${day}`,
    )
    expect(refused.statusCode).toBe(422)
    const hiddenStaff = await publicCall(
      'GET',
      `/b2c/${company}/free_times?service_ids=${haircut}&staff_id=${hidden}&date=${day}`,
    )
    expect(hiddenStaff.statusCode).toBe(404)
  })

  it('books with the right code: the client is found or created by phone, the owner sees the appointment', async () => {
    const asked = expectOk(
      await request({ start_at: at('09:00'), language: 'ru' }),
      onlineBookingRequestSchema,
      201,
    )
    expect(asked.channel).toBe('sms')
    expect(asked.recipient).not.toContain('1234567')
    const code = await latestCodeTo(server.app, '79161234567')
    const confirmed = expectOk(await confirm(asked.request_id, code), onlineBookingConfirmedSchema, 201)
    expect(confirmed.booking).toMatchObject({
      staff_name: 'Anna Online',
      services: ['Online haircut'],
      start_at: at('09:00'),
      status: 'booked',
      cancellable: true,
    })
    const booked = (await ownerDay()).find((item) => item.start_at === at('09:00') && item.staff_id === anna)
    expect(booked?.client).toMatchObject({ name: 'Vera Client', phone: '+79161234567' })
    // The confirmation is in Russian, with the cancellation link; the reminder is due a day before.
    const messages = await outboxMessages(server.app)
    const confirmation = messages.find((message) => message.text.includes(confirmed.cancel_token))!
    expect(confirmation.recipient).toBe('79161234567')
    expect(confirmation.text).toContain(`/ru/b2c/${company}/cancel/${confirmed.cancel_token}`)
    expect(confirmation.text).toMatch(/Вы записаны/)
    const [row] = await server.db.select().from(onlineBookings).where(eq(onlineBookings.id, asked.request_id))
    expect(row!.remindAt?.toISOString()).toBe(new Date(Date.parse(at('09:00')) - 86_400_000).toISOString())
    expect(row!.cancelTokenHash).not.toContain(confirmed.cancel_token)
    // The code works once.
    expect((await confirm(asked.request_id, code)).statusCode).toBe(404)

    // A second booking with the same phone typed another way is the same client.
    const again = expectOk(
      await request({ start_at: at('12:00'), phone: '8 916 123 45 67', name: 'Vera' }),
      onlineBookingRequestSchema,
      201,
    )
    expectOk(
      await confirm(again.request_id, await latestCodeTo(server.app, '79161234567')),
      onlineBookingConfirmedSchema,
      201,
    )
    const sameClients = await server.db.select().from(clients).where(eq(clients.phone, '+79161234567'))
    expect(sameClients.filter((client) => client.companyId === company)).toHaveLength(1)
  })

  it('counts wrong codes down and locks the request after the last attempt', async () => {
    const asked = expectOk(
      await request({ start_at: at('14:00'), phone: '+7 916 765-43-01' }),
      onlineBookingRequestSchema,
      201,
    )
    const code = await latestCodeTo(server.app, '79167654301')
    const wrong = code === '000000' ? '111111' : '000000'
    const first = await confirm(asked.request_id, wrong)
    expect(first.statusCode).toBe(422)
    expect(json(first).errors).toMatchObject({ code: ErrorCode.invalidConfirmationCode, attempts_left: 4 })
    for (let attempt = 0; attempt < 3; attempt += 1) await confirm(asked.request_id, wrong)
    const last = await confirm(asked.request_id, wrong)
    expect(last.statusCode).toBe(429)
    expect(json(last).errors.code).toBe(ErrorCode.confirmationAttemptsExceeded)
    const right = await confirm(asked.request_id, code)
    expect(right.statusCode).toBe(429)
    expect((await ownerDay()).some((item) => item.start_at === at('14:00'))).toBe(false)
  })

  it('answers 409 with 4001 when the time was taken between the request and the code', async () => {
    const asked = expectOk(
      await request({ start_at: at('10:00'), staff_id: boris, phone: '+7 916 765-43-02' }),
      onlineBookingRequestSchema,
      201,
    )
    expectOk(
      await call(server, 'POST', `/company/${company}/appointments`, {
        token: demo.demoToken,
        body: { staff_id: boris, service_ids: [haircut], start_at: at('10:00'), client_name: 'Walk-in' },
      }),
      appointmentSchema,
      201,
    )
    const reply = await confirm(asked.request_id, await latestCodeTo(server.app, '79167654302'))
    expect(reply.statusCode).toBe(409)
    expect(json(reply).errors.code).toBe(ErrorCode.appointmentSlotTaken)
    const atTen = (await ownerDay()).filter(
      (item) => item.start_at === at('10:00') && item.staff_id === boris,
    )
    expect(atTen.map((item) => item.client?.name)).toEqual(['Walk-in'])
    // Asking for a taken time is refused at once too.
    const late = await request({ start_at: at('10:00'), staff_id: boris, phone: '+7 916 765-43-03' })
    expect(late.statusCode).toBe(409)
  })

  it('says a time nobody works at cannot be booked, rather than that it is taken', async () => {
    for (const fields of [{ start_at: at('03:00') }, { start_at: at('23:00'), staff_id: null }]) {
      const reply = await request({ ...fields, phone: '+7 916 765-43-04' })
      expect(reply.statusCode).toBe(422)
      expect(Object.keys(json(reply).meta.errors)).toEqual(['start_at'])
    }
  })

  it('books "anyone" with the first staff member free at that time', async () => {
    // Anna (first in the list) is booked at 09:00 by the happy path; Boris is free then.
    const asked = expectOk(
      await request({ start_at: at('09:00'), staff_id: null, phone: '+7 916 765-43-04' }),
      onlineBookingRequestSchema,
      201,
    )
    const confirmed = expectOk(
      await confirm(asked.request_id, await latestCodeTo(server.app, '79167654304')),
      onlineBookingConfirmedSchema,
      201,
    )
    expect(confirmed.booking.staff_name).toBe('Boris Online')
  })

  it('lets the client cancel by the link token, and no other token', async () => {
    const asked = expectOk(
      await request({ start_at: at('16:00'), phone: '+7 916 765-43-05' }),
      onlineBookingRequestSchema,
      201,
    )
    const { cancel_token: token } = expectOk(
      await confirm(asked.request_id, await latestCodeTo(server.app, '79167654305')),
      onlineBookingConfirmedSchema,
      201,
    )
    const shown = expectOk(await publicCall('GET', `/b2c/booking/${token}`), onlineBookingSchema)
    expect(shown).toMatchObject({ status: 'booked', cancellable: true, start_at: at('16:00') })
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect((await publicCall('POST', `/b2c/booking/${forged}/cancel`)).statusCode).toBe(404)
    const cancelled = expectOk(await publicCall('POST', `/b2c/booking/${token}/cancel`), onlineBookingSchema)
    expect(cancelled).toMatchObject({ status: 'cancelled', cancellable: false })
    const row = (await ownerDay()).find((item) => item.start_at === at('16:00') && item.staff_id === anna)
    expect(row?.status).toBe('cancelled')
    const times = expectOk(
      await publicCall(
        'GET',
        `/b2c/${company}/free_times?service_ids=${haircut}&staff_id=${anna}&date=${day}`,
      ),
      onlineFreeTimesSchema,
    )
    expect(times.slots.map((slot) => slot.time)).toContain('16:00')
    // Cancelling again answers the cancelled booking.
    expect(
      expectOk(await publicCall('POST', `/b2c/booking/${token}/cancel`), onlineBookingSchema).status,
    ).toBe('cancelled')
  })

  it('limits the codes one phone may be sent', async () => {
    const replies = []
    for (let index = 0; index < 6; index += 1) {
      replies.push((await request({ start_at: at('17:00'), phone: '+7 916 765-43-06' })).statusCode)
    }
    expect(replies).toEqual([201, 201, 201, 201, 201, 429])
  })

  it("is not framed by the admin application's origins: only by the sites its company lists", async () => {
    const framed = await createTestServer(kind, {
      seed: false,
      distDir: makeFixtureDist().dir,
      env: { EMBED_PARENT_ORIGINS: 'https://admin-app.example' },
    })
    try {
      const page = await framed.app.inject({ method: 'GET', url: `/ru/b2c/${company}` })
      expect(page.statusCode).toBe(200)
      const policy = String(page.headers['content-security-policy'])
      expect(policy).toMatch(/frame-ancestors 'self'(;|$)/)
      expect(policy).not.toMatch(/frame-ancestors[^;]*\*/)
      expect(page.headers['x-frame-options']).toBeUndefined()
    } finally {
      await framed.close()
    }
  })
})
