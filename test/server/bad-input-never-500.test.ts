import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { services } from '../../server/db/schema'
import {
  bearer,
  createTestServer,
  json,
  randomIp,
  testDatabases,
  type TestServer,
} from '../support/server-harness'
import { addMember, call, signInCast } from './business-api-helpers'
import { Visitor } from './onboarding-driver'

/** A refusal of bad input: a 4xx in the envelope that names the field at fault (never a 500). */
function expectFieldError(response: LightMyRequestResponse, field: string) {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400)
  expect(response.statusCode, response.body).toBeLessThan(500)
  const body = json(response)
  expect(body.success).toBe(false)
  const fields = Object.keys(body.meta.errors ?? {})
  expect(
    fields.some((name) => name === field || name.startsWith(`${field}.`)),
    `${field} in ${fields.join(', ')}`,
  ).toBe(true)
}

const LONE_SURROGATE = '\ud800'
const TOO_BIG_FOR_INT4 = 2 ** 31

/** A multipart body cut off in the middle of its file part, as a dropped connection leaves it. */
function truncatedMultipart(fields: Record<string, string>, fileField: string) {
  const boundary = '----salon-cut-boundary'
  const text = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('')
  return {
    payload: Buffer.concat([
      Buffer.from(text),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

describe.each(testDatabases())('bad input answers 4xx with a field error, never 500 (%s)', (kind) => {
  let server: TestServer
  let cast: Awaited<ReturnType<typeof signInCast>>
  let companyId: number
  beforeAll(async () => {
    server = await createTestServer(kind, { env: { ONBOARDING_RECAPTCHA_AFTER: '10000' } })
    cast = await signInCast(server)
    companyId = cast.ids.tverskaya.id
  })
  afterAll(() => server.close())

  const analytics = (event: Record<string, unknown>) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      payload: { events: [{ type: 'tracker', name: 'probe', mode: 'ERP', ...event }] },
      remoteAddress: randomIp(),
    })

  it('refuses analytics events with a lone surrogate in their text or properties', async () => {
    expectFieldError(await analytics({ name: `a${LONE_SURROGATE}` }), 'events')
    expectFieldError(await analytics({ path: `/x${LONE_SURROGATE}` }), 'events')
    expectFieldError(await analytics({ props: { note: LONE_SURROGATE } }), 'events')
    expectFieldError(await analytics({ props: { [`k${LONE_SURROGATE}`]: 1 } }), 'events')
  })

  it('refuses analytics events dated outside the years the product knows', async () => {
    expectFieldError(await analytics({ occurred_at: '0000-01-01T00:00:00Z' }), 'events')
    expectFieldError(await analytics({ occurred_at: '9999-12-31T23:59:59Z' }), 'events')
  })

  it('refuses an analytics registration id larger than the column holds', async () => {
    expectFieldError(await analytics({ registration_id: TOO_BIG_FOR_INT4 }), 'events')
  })

  it('refuses onboarding UTM data with a lone surrogate', async () => {
    const visitor = new Visitor(server.app)
    const phone = `+7 916 ${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`
    expectFieldError(await visitor.first({ phone, utm: { utm_source: `x${LONE_SURROGATE}` } }), 'utm')
    expectFieldError(await visitor.first({ phone, utm: { [`utm_${LONE_SURROGATE}`]: 'x' } }), 'utm')
    expectFieldError(
      await visitor.first({ phone, referer_full: `https://a/${LONE_SURROGATE}` }),
      'referer_full',
    )
  })

  it('refuses label and position updates that set nothing, or are not an object', async () => {
    const label = json(
      await call(server, 'POST', `/labels/${companyId}`, {
        token: cast.owner,
        body: { title: 'Probe', color: '#112233', entity: 1 },
      }),
    ).data
    const position = json(
      await call(server, 'POST', `/company/${companyId}/positions`, {
        token: cast.owner,
        body: { title: 'Probe' },
      }),
    ).data
    for (const body of [{}, [], [{ title: 'x' }]]) {
      expectFieldError(
        await call(server, 'PUT', `/labels/${companyId}/${label.id}`, { token: cast.owner, body }),
        '_',
      )
      expectFieldError(
        await call(server, 'PUT', `/company/${companyId}/positions/${position.id}`, {
          token: cast.owner,
          body,
        }),
        '_',
      )
    }
  })

  it('refuses an invite for a position id larger than the column holds', async () => {
    expectFieldError(
      await call(server, 'POST', `/company/${companyId}/invites`, {
        token: cast.owner,
        body: { email: 'probe-invite@example.com', role: 'administrator', position_id: TOO_BIG_FOR_INT4 },
      }),
      'position_id',
    )
  })

  it('refuses restricted account ids larger than the column holds, so the member can still list accounts', async () => {
    const member = await addMember(server, companyId, {
      role: 'administrator',
      overrides: { finances_accounts_access: true },
    })
    expectFieldError(
      await call(server, 'PUT', `/company/${companyId}/users/${member.userId}/rights`, {
        token: cast.owner,
        body: { rights: { restricted_account_ids: [TOO_BIG_FOR_INT4] } },
      }),
      'rights.restricted_account_ids',
    )
    const accounts = await call(server, 'GET', `/accounts/${companyId}`, { token: member.token })
    expect(accounts.statusCode, accounts.body).toBe(200)
  })

  it('refuses free resource instances asked for dates outside the years the product knows', async () => {
    const [service] = await server.db
      .select()
      .from(services)
      .where(eq(services.companyId, companyId))
      .limit(1)
    for (const datetime of ['9999-12-31T23:00:00', '0000-01-01T10:00:00', '0000-01-01T10:00:00Z']) {
      expectFieldError(
        await call(server, 'POST', '/resource_instances/loadFreeResourceInstances', {
          token: cast.owner,
          body: { salon_id: companyId, service_id: service!.id, length: 3600, datetime },
        }),
        'datetime',
      )
    }
  })

  it('refuses working hours with a lone surrogate, a number for a time, or a number too large for the column', async () => {
    const week = (weekday: unknown, start: unknown) => ({
      days: [{ weekday, intervals: [{ start, end: '18:00' }] }],
    })
    const staffList = json(
      await call(server, 'GET', `/company/${companyId}/staff_working_hours`, { token: cast.owner }),
    ).data
    for (const url of [
      `/company/${companyId}/working_hours`,
      `/company/${companyId}/staff/${staffList[0].staff_id}/working_hours`,
    ]) {
      for (const body of [
        week(1, `09:00${LONE_SURROGATE}`),
        week(1, 540),
        week(TOO_BIG_FOR_INT4, '09:00'),
        week(-1, '09:00'),
      ]) {
        expectFieldError(await call(server, 'PUT', url, { token: cast.owner, body }), 'days')
      }
    }
    expectFieldError(
      await call(server, 'PUT', `/company/${companyId}/staff/${TOO_BIG_FOR_INT4}/working_hours`, {
        token: cast.owner,
        body: week(1, '09:00'),
      }),
      'staffId',
    )
  })

  it('refuses a second-factor policy that is not one of the three, and a malformed session id', async () => {
    for (const required_for of ['all', `everyone${LONE_SURROGATE}`, TOO_BIG_FOR_INT4, null]) {
      expectFieldError(
        await call(server, 'PUT', `/company/${companyId}/security/two_factor`, {
          token: cast.owner,
          body: { required_for },
        }),
        'required_for',
      )
    }
    for (const sessionId of ['1', 'x'.repeat(90), '00000000-0000-4000-8000-00000000000%00']) {
      expectFieldError(
        await call(server, 'DELETE', `/user/sessions/${sessionId}`, { token: cast.owner }),
        'sessionId',
      )
    }
  })

  it('refuses a NUL character in the search term of staff and client labels', async () => {
    expectFieldError(
      await call(server, 'GET', `/staff/search?company_id=${companyId}&term=a%00b`, { token: cast.owner }),
      'term',
    )
    expectFieldError(
      await call(server, 'GET', `/labels/${companyId}/clients?term=a%00b`, { token: cast.owner }),
      'term',
    )
  })

  it('refuses a profile whose values no column holds, with the field named', async () => {
    const profile = {
      title: 'Salon',
      address: '',
      city_id: null,
      timezone: 'Europe/Moscow',
      phone: '',
      business_type_id: null,
      expected_version: 1,
    }
    const put = (change: Record<string, unknown>) =>
      call(server, 'PUT', `/company/${companyId}`, { token: cast.owner, body: { ...profile, ...change } })
    expectFieldError(await put({ city_id: TOO_BIG_FOR_INT4 }), 'city_id')
    expectFieldError(await put({ business_type_id: TOO_BIG_FOR_INT4 }), 'business_type_id')
    expectFieldError(await put({ expected_version: TOO_BIG_FOR_INT4 }), 'expected_version')
    expectFieldError(await put({ timezone: LONE_SURROGATE }), 'timezone')
    expectFieldError(await put({ phone: `+7${'9'.repeat(40)}` }), 'phone')
    expectFieldError(await put({ title: 42 }), 'title')
  })

  it('refuses a truncated multipart upload on every image route', async () => {
    const [service] = await server.db
      .select()
      .from(services)
      .where(eq(services.companyId, companyId))
      .limit(1)
    const staffList = json(
      await call(server, 'GET', `/companies/${companyId}/staff`, { token: cast.owner }),
    ).data
    const avatar = truncatedMultipart({ staff_id: String(staffList[0].id) }, 'avatar')
    expectFieldError(
      await server.app.inject({
        method: 'POST',
        url: '/api/v1/settings/employee/image/upload',
        headers: { ...bearer(cast.owner), ...avatar.headers },
        payload: avatar.payload,
      }),
      'avatar',
    )
    const image = truncatedMultipart({}, 'image')
    expectFieldError(
      await server.app.inject({
        method: 'POST',
        url: `/api/v1/services/${companyId}/${service!.id}/image`,
        headers: { ...bearer(cast.owner), ...image.headers },
        payload: image.payload,
      }),
      'image',
    )
    const logo = truncatedMultipart({}, 'logo')
    expectFieldError(
      await server.app.inject({
        method: 'POST',
        url: `/api/v1/company/${companyId}/images/logo`,
        headers: { ...bearer(cast.owner), ...logo.headers },
        payload: logo.payload,
      }),
      'logo',
    )
  })
  it('refuses accounts, storages and client categories with unstorable titles, wrong types or ids too large', async () => {
    const collections = [
      { create: `/accounts/${companyId}/`, one: `/accounts/${companyId}`, type: 'cash' },
      { create: `/storages/${companyId}/`, one: `/storages/${companyId}`, type: 'goods' },
      { create: `/labels/${companyId}/clients/create`, one: `/labels/${companyId}/clients`, type: undefined },
    ]
    for (const { create, one, type } of collections) {
      for (const title of [`a${LONE_SURROGATE}`, 42, null, ' ']) {
        expectFieldError(
          await call(server, 'POST', create, {
            token: cast.owner,
            body: { title, ...(type ? { type } : {}) },
          }),
          'title',
        )
      }
      expectFieldError(
        await call(server, 'PUT', `${one}/${TOO_BIG_FOR_INT4}`, { token: cast.owner, body: { title: 'x' } }),
        one.endsWith('clients') ? 'categoryId' : one.startsWith('/accounts') ? 'accountId' : 'storageId',
      )
      expectFieldError(
        await call(server, 'DELETE', `${one}/${TOO_BIG_FOR_INT4}`, { token: cast.owner }),
        one.endsWith('clients') ? 'categoryId' : one.startsWith('/accounts') ? 'accountId' : 'storageId',
      )
      for (const body of [{}, [], [{ title: 'x' }]]) {
        expectFieldError(await call(server, 'PUT', `${one}/1`, { token: cast.owner, body }), '_')
      }
    }
    expectFieldError(
      await call(server, 'POST', `/accounts/${companyId}/`, {
        token: cast.owner,
        body: { title: 'Safe', type: 'vault' },
      }),
      'type',
    )
  })
})
