import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { companyProfileSchema, type CompanyProfileBody } from '../../contract/companies/profile-schemas'
import { imageGroupSchema } from '../../contract/images/schemas'
import { businessGroupsSchema, citiesSchema } from '../../contract/references/schemas'
import { companyWorkingHoursSchema } from '../../contract/working-hours/schemas'
import { auditLog } from '../../server/db/schema'
import { multipart, PNG, pngOfSize } from '../support/multipart-upload'
import { bearer, createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import { call, expectInvalid, expectOk, signInCast } from './business-api-helpers'

describe.each(testDatabases())('company profile (%s)', (kind) => {
  let server: TestServer
  let cast: Awaited<ReturnType<typeof signInCast>>
  let companyId: number
  let moscowId: number
  let businessTypeId: number
  beforeAll(async () => {
    server = await createTestServer(kind, { places: true })
    cast = await signInCast(server)
    companyId = cast.ids.tverskaya.id
    const cities = expectOk(
      await call(server, 'GET', '/city/search?term=Moscow&count=5&lang=en'),
      citiesSchema,
    )
    moscowId = cities.find((city) => city.title === 'Moscow')!.id
    const groups = expectOk(
      await call(server, 'GET', '/references/business_groups_with_types'),
      businessGroupsSchema,
    )
    businessTypeId = groups[0]!.types[0]!.id
  })
  afterAll(() => server.close())

  const profile = async (token = cast.owner) =>
    expectOk(await call(server, 'GET', `/company/${companyId}`, { token }), companyProfileSchema)
  const bodyOf = (current: { profile_version: number }, change: Partial<CompanyProfileBody> = {}) => ({
    title: 'Beauty Line — Tverskaya',
    address: 'Tverskaya 1',
    city_id: moscowId,
    timezone: 'Europe/Moscow',
    phone: '+7 495 123-45-67',
    business_type_id: businessTypeId,
    expected_version: current.profile_version,
    ...change,
  })
  const save = (body: unknown, token = cast.owner) =>
    call(server, 'PUT', `/company/${companyId}`, { token, body })

  it('reads the profile with the company and saves it, normalising the phone and auditing the change', async () => {
    const before = await profile()
    expect(before).toMatchObject({ address: '', city_id: null, phone: '', logo_url: '', profile_version: 1 })
    const saved = expectOk(await save(bodyOf(before, { address: '  Tverskaya 1  ' })), companyProfileSchema)
    expect(saved).toMatchObject({
      address: 'Tverskaya 1',
      city_id: moscowId,
      // Named in the request's language: Russian, the default.
      city_title: 'Москва',
      phone: '74951234567',
      business_type_id: businessTypeId,
      profile_version: 2,
    })
    expect(await profile()).toEqual(saved)
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'company_profile_updated')))
    expect(entries).toHaveLength(1)
    expect(entries[0]!.details).toMatchObject({ entity_id: companyId, changes: { phone: '74951234567' } })
  })

  it('refuses what is not a profile with 422 on the field, changing nothing', async () => {
    const current = await profile()
    expectInvalid(await save(bodyOf(current, { title: '  ' })), ['title'])
    expectInvalid(await save(bodyOf(current, { timezone: 'Mars/Olympus' })), ['timezone'])
    expectInvalid(await save(bodyOf(current, { timezone: '../etc' })), ['timezone'])
    expectInvalid(await save(bodyOf(current, { phone: '+7 12' })), ['phone'])
    expectInvalid(await save(bodyOf(current, { phone: 'call me' })), ['phone'])
    expectInvalid(await save(bodyOf(current, { city_id: 999_999_999 })), ['city_id'])
    expectInvalid(await save(bodyOf(current, { business_type_id: 987_654 })), ['business_type_id'])
    // Every problem of one save at once.
    expectInvalid(
      await save(bodyOf(current, { city_id: 999_999_999, business_type_id: 987_654, phone: '+7 12' })),
      ['business_type_id', 'city_id', 'phone'],
    )
    expectInvalid(await save(bodyOf(current, { address: 'x'.repeat(301) })), ['address'])
    expectInvalid(await save({ ...bodyOf(current), expected_version: 'one' }), ['expected_version'])
    const paris = expectOk(await call(server, 'GET', '/city/search?term=Paris&count=5&lang=en'), citiesSchema)
    // A city of another country than the company's.
    expectInvalid(await save(bodyOf(current, { city_id: paris.find((c) => c.title === 'Paris')!.id })), [
      'city_id',
    ])
    expect(await profile()).toEqual(current)
  })

  it('refuses a save from an older copy with 409, and of two saves at once exactly one wins', async () => {
    const opened = await profile()
    expectOk(await save(bodyOf(opened, { address: 'First' })), companyProfileSchema)
    const stale = await save(bodyOf(opened, { address: 'Second' }))
    expect(stale.statusCode).toBe(409)
    expect(json(stale).meta.message).toMatch(/changed by someone else/)
    expect((await profile()).address).toBe('First')

    const now = await profile()
    const replies = await Promise.all([
      save(bodyOf(now, { address: 'Left' })),
      save(bodyOf(now, { address: 'Right' })),
    ])
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409])
    const winner = replies.find((reply) => reply.statusCode === 200)!
    expect((await profile()).address).toBe(json(winner).data.address)
  })

  it('changes the time zone the opening hours are read in, keeping them as local times', async () => {
    const hoursBefore = expectOk(
      await call(server, 'GET', `/company/${companyId}/working_hours`, { token: cast.owner }),
      companyWorkingHoursSchema,
    )
    const current = await profile()
    expectOk(await save(bodyOf(current, { timezone: 'Asia/Yekaterinburg' })), companyProfileSchema)
    const hoursAfter = expectOk(
      await call(server, 'GET', `/company/${companyId}/working_hours`, { token: cast.owner }),
      companyWorkingHoursSchema,
    )
    expect(hoursAfter.timezone).toBe('Asia/Yekaterinburg')
    expect(hoursAfter.days).toEqual(hoursBefore.days)
  })

  it('lets members read the profile but only those with the flag save it; strangers get 404', async () => {
    expect((await profile(cast.member)).id).toBe(companyId)
    const current = await profile()
    expect((await save(bodyOf(current), cast.member)).statusCode).toBe(403)
    expect((await save(bodyOf(current), cast.stranger)).statusCode).toBe(404)
    expect((await call(server, 'GET', `/company/${companyId}`, { token: cast.stranger })).statusCode).toBe(
      404,
    )
  })

  const uploadPicture = (kindPath: string, file?: Parameters<typeof multipart>[1], token = cast.owner) => {
    const body = multipart({}, file)
    return server.app.inject({
      method: 'POST',
      url: `/api/v1/company/${companyId}/images/${kindPath}`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    })
  }

  it('uploads, replaces and removes the logo and the booking-form header, each audited', async () => {
    const first = expectOk(
      await uploadPicture('logo', { field: 'logo', bytes: pngOfSize(300, 300), type: 'image/png' }),
      imageGroupSchema,
    )
    expect(first).toMatchObject({ entity: 'salon', entity_id: companyId })
    const second = expectOk(
      await uploadPicture('logo', { field: 'logo', bytes: pngOfSize(200, 100), type: 'image/png' }),
      imageGroupSchema,
    )
    expect(second.images).toHaveLength(1)
    expect((await profile()).logo_url).toBe(second.images[0]!.url)
    // The replaced file is gone, the current one is served.
    expect((await server.app.inject({ method: 'GET', url: first.images[0]!.url })).statusCode).toBe(404)
    expect((await server.app.inject({ method: 'GET', url: second.images[0]!.url })).statusCode).toBe(200)

    const header = expectOk(
      await uploadPicture('booking-form-header', { field: 'image', bytes: PNG, type: 'image/png' }),
      imageGroupSchema,
    )
    expect(header.entity).toBe('booking_form_appearance_header')
    expect((await profile()).booking_form_header_url).toBe(header.images[0]!.url)

    const removed = await call(server, 'DELETE', `/company/${companyId}/images/logo`, { token: cast.owner })
    expect(removed.statusCode).toBe(200)
    expect((await profile()).logo_url).toBe('')
    const actions = (
      await server.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.companyId, companyId))
    ).map((entry) => entry.action)
    expect(actions.filter((action) => action === 'company_logo_created')).toHaveLength(2)
    expect(actions).toContain('company_logo_deleted')
    expect(actions).toContain('booking_form_header_created')
  })

  it('refuses a non-picture, a wrong field, a wrong kind, and members without the flag', async () => {
    expectInvalid(
      await uploadPicture('logo', { field: 'logo', bytes: Buffer.from('<svg/>'), type: 'image/png' }),
      ['logo'],
    )
    expectInvalid(await uploadPicture('logo', { field: 'image', bytes: PNG, type: 'image/png' }), ['logo'])
    expectInvalid(await uploadPicture('banner', { field: 'logo', bytes: PNG, type: 'image/png' }), ['kind'])
    const tooBig = await uploadPicture('logo', {
      field: 'logo',
      bytes: Buffer.alloc(6 * 1024 * 1024, 1),
      type: 'image/png',
    })
    expect(tooBig.statusCode).toBe(413)
    const png = { field: 'logo', bytes: PNG, type: 'image/png' }
    expect((await uploadPicture('logo', png, cast.member)).statusCode).toBe(403)
    expect((await uploadPicture('logo', png, cast.stranger)).statusCode).toBe(404)
    expect(v.is(companyProfileSchema, await profile())).toBe(true)
  })
})
