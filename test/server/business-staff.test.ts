import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageGroupSchema } from '../../contract/images/schemas'
import {
  employeeListSchema,
  employeeSchema,
  removableSalonListSchema,
  salarySchemesCountSchema,
  staffNotificationsSchema,
  staffServiceLinkListSchema,
  staffUserListSchema,
} from '../../contract/staff/schemas'
import { companyUsers, services, serviceStaff } from '../../server/db/schema'
import { multipart, PNG } from '../support/multipart-upload'
import { bearer, createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import { addMember, call, expectInvalid, expectOk, signInCast } from './business-api-helpers'

describe.each(testDatabases())('staff (%s)', (kind) => {
  let server: TestServer
  let cast: Awaited<ReturnType<typeof signInCast>>
  let companyId: number
  const list = async (query = '', token = cast.owner) =>
    expectOk(
      await call(server, 'GET', `/companies/${companyId}/staff${query}`, { token }),
      employeeListSchema,
    )
  const quick = async (name: string, extra: Record<string, unknown> = {}) =>
    expectOk(
      await call(server, 'POST', '/staff/quick', {
        token: cast.owner,
        body: { company_id: companyId, name, ...extra },
      }),
      employeeSchema,
      201,
    )

  beforeAll(async () => {
    server = await createTestServer(kind)
    cast = await signInCast(server)
    companyId = cast.ids.tverskaya.id
  })
  afterAll(() => server.close())

  it('lists working employees in their order, with the position when asked, under both paths', async () => {
    const plain = await list()
    expect(plain.map((employee) => employee.name)).toEqual([
      'Maria Ivanova',
      'Olga Petrova',
      'Elena Smirnova',
      'Irina Volkova',
    ])
    // Maria has an account of her own (the specialist demo account); the others do not.
    expect(plain[0]).toMatchObject({
      status: 'active',
      fired: 0,
      is_fired: false,
      user: { id: expect.any(Number), name: 'Maria Ivanova', email: 'master@example.com' },
      image_group: null,
    })
    expect(plain[1]).toMatchObject({ user: null })
    expect(plain[0]!.position).toBeUndefined()
    const withPosition = expectOk(
      await call(server, 'GET', `/company/${companyId}/staff?include=position`, { token: cast.member }),
      employeeListSchema,
    )
    expect(withPosition[0]!.position).toMatchObject({ title: 'Stylist', services_binding_type: 0 })
  })

  it('filters by name, position, specialization and position title; drops a negative position id', async () => {
    expect((await list('?name=olga')).map((e) => e.name)).toEqual(['Olga Petrova'])
    expect((await list('?name=')).length).toBe(4)
    const stylistId = (await list('?include=position')).find((e) => e.name === 'Maria Ivanova')!.position_id
    expect((await list(`?position_id=${stylistId}`)).map((e) => e.name)).toEqual(['Maria Ivanova'])
    expect((await list('?position_id=-1')).length).toBe(4)
    expect((await list('?specialization=nail')).map((e) => e.name)).toEqual(['Elena Smirnova'])
    expect((await list('?position_title=admin')).map((e) => e.name)).toEqual(['Irina Volkova'])
    expect((await list('?user_linked=1')).map((e) => e.name)).toEqual(['Maria Ivanova'])
    expect((await list('?image=0')).length).toBe(4)
    expect((await list('?tt_markup=1')).length).toBe(0)
    expectInvalid(
      await call(server, 'GET', `/companies/${companyId}/staff?fired=5&position_id=x`, { token: cast.owner }),
      ['fired', 'position_id'],
    )
  })

  it('filters by a service through its links, ignores a negative id, and matches no one for another company', async () => {
    const [tverskayaService] = await server.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.companyId, companyId))
      .orderBy(services.id)
      .limit(1)
    const olga = (await list()).find((e) => e.name === 'Olga Petrova')!
    expectOk(
      await call(server, 'POST', `/staff/${olga.id}/services`, {
        token: cast.owner,
        body: { services: [{ service_id: tverskayaService!.id }] },
      }),
      staffServiceLinkListSchema,
    )
    // Who performs the service is read from the links themselves: the seed may link others to it as well.
    const performers = await server.db
      .select({ staffId: serviceStaff.staffId })
      .from(serviceStaff)
      .where(eq(serviceStaff.serviceId, tverskayaService!.id))
    const expected = (await list())
      .filter((e) => performers.some((link) => link.staffId === e.id))
      .map((e) => e.name)
    expect(expected).toContain('Olga Petrova')
    expect(expected.length).toBeLessThan(4)
    expect((await list(`?service_id=${tverskayaService!.id}`)).map((e) => e.name)).toEqual(expected)
    expect((await list('?service_id=-1')).length).toBe(4)

    // Another company's service, linked to that company's own staff member, shows no one here.
    const barbersId = cast.ids.barbers.id
    const [barbersService] = await server.db
      .select({ id: services.id })
      .from(services)
      .where(eq(services.companyId, barbersId))
      .limit(1)
    const barber = expectOk(
      await call(server, 'POST', '/staff/quick', {
        token: cast.stranger,
        body: { company_id: barbersId, name: 'Barber Linked' },
      }),
      employeeSchema,
      201,
    )
    expectOk(
      await call(server, 'POST', `/staff/${barber.id}/services`, {
        token: cast.stranger,
        body: { services: [{ service_id: barbersService!.id }] },
      }),
      staffServiceLinkListSchema,
    )
    expect(
      expectOk(
        await call(server, 'GET', `/companies/${barbersId}/staff?service_id=${barbersService!.id}`, {
          token: cast.stranger,
        }),
        employeeListSchema,
      ).map((e) => e.name),
    ).toContain('Barber Linked')
    expect(await list(`?service_id=${barbersService!.id}`)).toEqual([])
    expectInvalid(
      await call(server, 'GET', `/companies/${companyId}/staff?service_id=one`, { token: cast.owner }),
      ['service_id'],
    )
  })

  it('creates a quick employee on top and sorts the list', async () => {
    const ivan = await quick('Ivan Quick', { specialization: 'Trainee' })
    expect(ivan).toMatchObject({
      name: 'Ivan Quick',
      specialization: 'Trainee',
      position: null,
      bookable: true,
    })
    expect((await list())[0]!.id).toBe(ivan.id)
    const ids = (await list()).map((employee) => employee.id).reverse()
    const sorted = expectOk(
      await call(server, 'POST', '/staff/sort', {
        token: cast.owner,
        body: { company_id: companyId, sort: ids },
      }),
      employeeListSchema,
    )
    expect(sorted.map((employee) => employee.id)).toEqual(ids)
    expectInvalid(
      await call(server, 'POST', '/staff/quick', {
        token: cast.owner,
        body: { company_id: companyId, name: '  ' },
      }),
      ['name'],
    )
    expectInvalid(
      await call(server, 'POST', '/staff/quick', {
        token: cast.owner,
        body: {
          company_id: companyId,
          name: 'A',
          position_id: 999999,
        },
      }),
      ['position_id'],
    )
    const foreign = (await list()).length
    expectInvalid(
      await call(server, 'POST', '/staff/sort', {
        token: cast.owner,
        body: {
          company_id: companyId,
          sort: [ids[0], ids[0]],
        },
      }),
      ['sort'],
    )
    expect((await list()).length).toBe(foreign)
  })

  it('links, re-links, changes and unlinks services; concurrent links make one row', async () => {
    const employee = await quick('Linker')
    const services = json(await call(server, 'GET', `/services/${companyId}/`, { token: cast.owner }))
      .data as {
      id: number
      duration: number
      is_composite: boolean
    }[]
    const [first, second] = services.filter((service) => !service.is_composite)
    const url = `/staff/${employee.id}/services`
    const linked = await Promise.all(
      [1, 2].map(() =>
        call(server, 'POST', url, { token: cast.owner, body: { services: [{ service_id: first!.id }] } }),
      ),
    )
    for (const reply of linked) expectOk(reply, staffServiceLinkListSchema)
    let links = expectOk(
      await call(server, 'POST', url, {
        token: cast.owner,
        body: {
          services: [{ service_id: second!.id, seance_length: 1800, technological_card_id: 5 }],
        },
      }),
      staffServiceLinkListSchema,
    )
    expect(links.map((link) => [link.service_id, link.seance_length, link.technological_card_id])).toEqual(
      expect.arrayContaining([
        [first!.id, first!.duration, null],
        [second!.id, 1800, 5],
      ]),
    )
    expect(links).toHaveLength(2)
    links = expectOk(
      await call(server, 'PUT', `${url}/${first!.id}`, { token: cast.owner, body: { seance_length: 2700 } }),
      staffServiceLinkListSchema,
    )
    expect(links.find((link) => link.service_id === first!.id)!.seance_length).toBe(2700)
    // A new duration alone keeps the technological card; null takes it away.
    const cardOf = (replies: typeof links) => replies.find((link) => link.service_id === second!.id)!
    links = expectOk(
      await call(server, 'PUT', `${url}/${second!.id}`, { token: cast.owner, body: { seance_length: 2400 } }),
      staffServiceLinkListSchema,
    )
    expect([cardOf(links).seance_length, cardOf(links).technological_card_id]).toEqual([2400, 5])
    links = expectOk(
      await call(server, 'PUT', `${url}/${second!.id}`, {
        token: cast.owner,
        body: { seance_length: 2400, technological_card_id: null },
      }),
      staffServiceLinkListSchema,
    )
    expect(cardOf(links).technological_card_id).toBeNull()
    links = expectOk(
      await call(server, 'POST', `${url}/unlink`, { token: cast.owner, body: { service_ids: [first!.id] } }),
      staffServiceLinkListSchema,
    )
    expect(links.map((link) => link.service_id)).toEqual([second!.id])
    expect(
      expectOk(await call(server, 'GET', url, { token: cast.member }), staffServiceLinkListSchema),
    ).toHaveLength(1)
    expect(
      (await call(server, 'PUT', `${url}/${first!.id}`, { token: cast.owner, body: { seance_length: 2700 } }))
        .statusCode,
    ).toBe(404)
    expectInvalid(
      await call(server, 'POST', url, { token: cast.owner, body: { services: [{ service_id: 999999 }] } }),
      ['services'],
    )
    expectInvalid(
      await call(server, 'POST', url, {
        token: cast.owner,
        body: {
          services: [{ service_id: first!.id, seance_length: 10 }],
        },
      }),
      ['services.0.seance_length'],
    )
    expectInvalid(
      await call(server, 'POST', `${url}/unlink`, { token: cast.owner, body: { service_ids: [] } }),
      ['service_ids'],
    )
    expectInvalid(await call(server, 'PUT', `${url}/${first!.id}`, { token: cast.owner, body: {} }), [
      'seance_length',
    ])
  })

  it('keeps notification settings, timetable access, name and other fields', async () => {
    const employee = await quick('Settings')
    const defaults = expectOk(
      await call(server, 'GET', `/staff/${employee.id}/notifications`, { token: cast.owner }),
      staffNotificationsSchema,
    )
    expect(defaults).toEqual({
      new_record: true,
      record_changed: true,
      record_canceled: true,
      by_sms: false,
      by_email: true,
      by_push: true,
    })
    const saved = expectOk(
      await call(server, 'PUT', `/staff/${employee.id}/notifications`, {
        token: cast.owner,
        body: {
          by_sms: true,
          new_record: false,
        },
      }),
      staffNotificationsSchema,
    )
    expect(saved).toMatchObject({ by_sms: true, new_record: false, by_email: true })
    // The card saves each switch as it is flipped: what is not sent keeps its value, even two at once.
    await Promise.all(
      (['by_push', 'record_canceled'] as const).map((key) =>
        call(server, 'PUT', `/staff/${employee.id}/notifications`, {
          token: cast.owner,
          body: { [key]: false },
        }),
      ),
    )
    expect(
      expectOk(
        await call(server, 'GET', `/staff/${employee.id}/notifications`, { token: cast.owner }),
        staffNotificationsSchema,
      ),
    ).toEqual({
      new_record: false,
      record_changed: true,
      record_canceled: false,
      by_sms: true,
      by_email: true,
      by_push: false,
    })
    expectInvalid(
      await call(server, 'PUT', `/staff/${employee.id}/notifications`, { token: cast.owner, body: {} }),
      ['_'],
    )
    expectInvalid(
      await call(server, 'PUT', `/staff/${employee.id}/notifications`, {
        token: cast.owner,
        body: { by_sms: 'yes' },
      }),
      ['by_sms'],
    )

    const access = expectOk(
      await call(server, 'PUT', `/staff/${employee.id}/accesses`, {
        token: cast.owner,
        body: { flag: true },
      }),
      employeeSchema,
    )
    expect(access.has_access_timetable).toBe(true)
    expectInvalid(
      await call(server, 'PUT', `/staff/${employee.id}/accesses`, { token: cast.owner, body: {} }),
      ['flag'],
    )

    const renamed = expectOk(
      await call(server, 'PUT', `/staff/${employee.id}/change_name`, {
        token: cast.owner,
        body: { name: 'Renamed' },
      }),
      employeeSchema,
    )
    expect(renamed.name).toBe('Renamed')
    expectInvalid(
      await call(server, 'PUT', `/staff/${employee.id}/change_name`, {
        token: cast.owner,
        body: { name: '' },
      }),
      ['name'],
    )

    const patched = expectOk(
      await call(server, 'PATCH', `/staff/${employee.id}`, {
        token: cast.owner,
        body: {
          information: 'Ten years of experience',
          hidden: 1,
          bookable: false,
          schedule_till: '2999-12-31',
          user_id: cast.memberId,
        },
      }),
      employeeSchema,
    )
    expect(patched).toMatchObject({
      information: 'Ten years of experience',
      hidden: 1,
      bookable: false,
      schedule_till: '2999-12-31',
    })
    expect(patched.user).toMatchObject({ id: cast.memberId, name: expect.any(String) })
    expect((await list('?user_linked=1&tt_markup=1')).map((e) => e.id)).toEqual([employee.id])
    expectInvalid(
      await call(server, 'PATCH', `/staff/${employee.id}`, {
        token: cast.owner,
        body: {
          hidden: 3,
          schedule_till: '2024-02-30',
          user_id: cast.ownerId + 100000,
        },
      }),
      ['hidden', 'schedule_till'],
    )
    expectInvalid(
      await call(server, 'PATCH', `/staff/${employee.id}`, { token: cast.owner, body: { user_id: 999999 } }),
      ['user_id'],
    )
    // A change that names nothing the call changes is a client's mistake, said so rather than answered 200.
    for (const body of [{}, { fired: 1 }]) {
      expectInvalid(await call(server, 'PATCH', `/staff/${employee.id}`, { token: cast.owner, body }), ['_'])
    }
    // Ids run up to what an integer column holds: beyond it the id is refused, below it an unknown one is 404.
    expect((await call(server, 'GET', '/staff/2147483647', { token: cast.owner })).statusCode).toBe(404)
    expectInvalid(await call(server, 'GET', '/staff/2147483648', { token: cast.owner }), ['id'])
    expectInvalid(
      await call(server, 'GET', `/company/${companyId}/staff?include=bogus`, { token: cast.owner }),
      ['include'],
    )
    const count = expectOk(
      await call(server, 'GET', `/staff/${employee.id}/salary_schemes_count`, { token: cast.owner }),
      salarySchemesCountSchema,
    )
    expect(count).toEqual({ count: 0 })
  })

  it('uploads an avatar, serves it, and refuses what is not a picture', async () => {
    const employee = await quick('Photo')
    const upload = (
      fields: Record<string, string>,
      file?: Parameters<typeof multipart>[1],
      token = cast.owner,
    ) => {
      const body = multipart(fields, file)
      return server.app.inject({
        method: 'POST',
        url: '/api/v1/settings/employee/image/upload',
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      })
    }
    const group = expectOk(
      await upload({ staff_id: String(employee.id) }, { field: 'avatar', bytes: PNG, type: 'image/png' }),
      imageGroupSchema,
    )
    expect(group).toMatchObject({ entity: 'master', entity_id: employee.id })
    expect(group.images[0]).toMatchObject({ width: 1, height: 1, type: 'image/png', version: 1 })
    const served = await server.app.inject({ method: 'GET', url: group.images[0]!.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.rawPayload.equals(PNG)).toBe(true)
    const after = expectOk(
      await call(server, 'GET', `/staff/${employee.id}`, { token: cast.owner }),
      employeeSchema,
    )
    expect(after.avatar).toBe(group.images[0]!.url)
    expect((await list('?image=1')).map((e) => e.id)).toContain(employee.id)

    expectInvalid(
      await upload(
        { staff_id: String(employee.id) },
        { field: 'avatar', bytes: Buffer.from('<svg/>'), type: 'image/png' },
      ),
      ['avatar'],
    )
    expectInvalid(await upload({ staff_id: String(employee.id) }), ['avatar'])
    expectInvalid(await upload({}, { field: 'avatar', bytes: PNG, type: 'image/png' }), ['staff_id'])
    const tooBig = await upload(
      { staff_id: String(employee.id) },
      { field: 'avatar', bytes: Buffer.alloc(6 * 1024 * 1024, 1), type: 'image/png' },
    )
    expect(tooBig.statusCode).toBe(413)
    const json415 = await call(server, 'POST', '/settings/employee/image/upload', {
      token: cast.owner,
      body: {
        staff_id: employee.id,
      },
    })
    expect(json415.statusCode).toBe(415)
    expect(
      (
        await upload(
          { staff_id: String(employee.id) },
          { field: 'avatar', bytes: PNG, type: 'image/png' },
          cast.member,
        )
      ).statusCode,
    ).toBe(403)
    expect(
      (
        await upload(
          { staff_id: String(employee.id) },
          { field: 'avatar', bytes: PNG, type: 'image/png' },
          cast.stranger,
        )
      ).statusCode,
    ).toBe(404)
  })

  it('fires with a date and reason, optionally removing the linked user, restores and deletes', async () => {
    const employee = await quick('Leaver')
    const leaver = await addMember(server, companyId, { role: 'administrator' })
    expectOk(
      await call(server, 'PATCH', `/staff/${employee.id}`, {
        token: cast.owner,
        body: { user_id: leaver.userId },
      }),
      employeeSchema,
    )
    const salons = expectOk(
      await call(server, 'GET', `/staff/${employee.id}/available_remove_salons`, { token: cast.owner }),
      removableSalonListSchema,
    )
    expect(salons).toEqual([{ id: companyId, title: 'Beauty Line — Tverskaya' }])

    const fired = expectOk(
      await call(server, 'POST', '/settings/master/fire/', {
        token: cast.owner,
        body: {
          staff_id: employee.id,
          date_dismissal: '2025-03-31',
          dismissal_reason: 'Moved away',
          user_delete: true,
        },
      }),
      employeeSchema,
    )
    expect(fired).toMatchObject({
      fired: 1,
      is_fired: true,
      status: 'fired',
      date_dismissal: '2025-03-31',
      dismissal_reason: 'Moved away',
      user: null,
    })
    const membership = await server.db
      .select()
      .from(companyUsers)
      .where(eq(companyUsers.userId, leaver.userId))
    expect(membership).toEqual([])
    expect(
      (await call(server, 'GET', `/companies/${companyId}/staff`, { token: leaver.token })).statusCode,
    ).toBe(404)
    expect((await list()).map((e) => e.id)).not.toContain(employee.id)
    expect((await list('?fired=1')).map((e) => e.id)).toEqual([employee.id])

    const restored = expectOk(
      await call(server, 'POST', `/settings/master/restore/${companyId}/${employee.id}`, {
        token: cast.owner,
      }),
      employeeSchema,
    )
    expect(restored).toMatchObject({ fired: 0, status: 'active', date_dismissal: null, dismissal_reason: '' })
    const deleted = expectOk(
      await call(server, 'POST', '/settings/master/delete/', {
        token: cast.owner,
        body: { staff_id: employee.id },
      }),
      employeeSchema,
    )
    expect(deleted).toMatchObject({ deleted: 1, status: 'deleted' })
    expect((await list('?deleted=1&fired=2')).map((e) => e.id)).toEqual([employee.id])
    expect(
      (await call(server, 'PATCH', `/staff/${employee.id}`, { token: cast.owner, body: { name: 'x' } }))
        .statusCode,
    ).toBe(404)
    expect(
      (
        await call(server, 'POST', `/settings/master/restore/${cast.ids.arbat.id}/${employee.id}`, {
          token: cast.owner,
        })
      ).statusCode,
    ).toBe(404)
    expectOk(
      await call(server, 'POST', `/settings/master/restore/${companyId}/${employee.id}`, {
        token: cast.owner,
      }),
      employeeSchema,
    )
  })

  it('never removes the owner from the company and validates firing', async () => {
    const employee = await quick('Owner self')
    expectOk(
      await call(server, 'PATCH', `/staff/${employee.id}`, {
        token: cast.owner,
        body: { user_id: cast.ownerId },
      }),
      employeeSchema,
    )
    expectInvalid(
      await call(server, 'POST', '/settings/master/fire/', {
        token: cast.owner,
        body: {
          staff_id: employee.id,
          date_dismissal: '2025-01-01',
          user_delete: true,
        },
      }),
      ['user_delete'],
    )
    expect(
      expectOk(await call(server, 'GET', `/staff/${employee.id}`, { token: cast.owner }), employeeSchema)
        .fired,
    ).toBe(0)
    expectInvalid(
      await call(server, 'POST', '/settings/master/fire/', {
        token: cast.owner,
        body: {
          staff_id: 'x',
          date_dismissal: 'soon',
          user_delete: 1,
        },
      }),
      ['staff_id', 'date_dismissal', 'user_delete'],
    )
    expectInvalid(await call(server, 'POST', '/settings/master/delete/', { token: cast.owner, body: {} }), [
      'staff_id',
    ])
  })

  it('searches working employees and lists the members to link', async () => {
    const found = expectOk(
      await call(server, 'GET', `/staff/search?company_id=${companyId}&term=smirn`, { token: cast.member }),
      employeeListSchema,
    )
    expect(found.map((e) => e.name)).toEqual(['Elena Smirnova'])
    expectInvalid(
      await call(server, 'GET', `/staff/search?company_id=${companyId}&term=`, { token: cast.owner }),
      ['term'],
    )
    const users = expectOk(
      await call(server, 'GET', `/staff/users?company_id=${companyId}`, { token: cast.owner }),
      staffUserListSchema,
    )
    expect(users.map((user) => user.id)).toEqual(expect.arrayContaining([cast.ownerId, cast.memberId]))
    expectInvalid(await call(server, 'GET', '/staff/users', { token: cast.owner }), ['company_id'])
  })

  it('needs the settings_master flags for every change', async () => {
    const employee = (await list())[0]!
    const forbidden: [Parameters<typeof call>[1], string, unknown][] = [
      ['POST', '/staff/quick', { company_id: companyId, name: 'X' }],
      ['POST', '/staff/sort', { company_id: companyId, sort: [employee.id] }],
      ['POST', `/staff/${employee.id}/services`, { services: [{ service_id: 1 }] }],
      ['POST', `/staff/${employee.id}/services/unlink`, { service_ids: [1] }],
      ['PUT', `/staff/${employee.id}/services/1`, { seance_length: 600 }],
      ['GET', `/staff/${employee.id}/notifications`, undefined],
      ['PUT', `/staff/${employee.id}/notifications`, { by_sms: true }],
      ['PUT', `/staff/${employee.id}/accesses`, { flag: true }],
      ['PUT', `/staff/${employee.id}/change_name`, { name: 'X' }],
      ['PATCH', `/staff/${employee.id}`, { name: 'X' }],
      ['POST', '/settings/master/fire/', { staff_id: employee.id, date_dismissal: '2025-01-01' }],
      ['POST', `/settings/master/restore/${companyId}/${employee.id}`, undefined],
      ['POST', '/settings/master/delete/', { staff_id: employee.id }],
      ['GET', `/staff/${employee.id}/available_remove_salons`, undefined],
      ['GET', `/staff/${employee.id}/salary_schemes_count`, undefined],
      ['GET', `/staff/users?company_id=${companyId}`, undefined],
    ]
    for (const [method, url, body] of forbidden) {
      const response = await call(server, method, url, { token: cast.member, body })
      expect(response.statusCode, `${method} ${url}`).toBe(403)
    }
    expect(
      v.parse(
        employeeSchema,
        json(await call(server, 'GET', `/staff/${employee.id}`, { token: cast.member })).data,
      ).name,
    ).toBe(employee.name)
  })
})
