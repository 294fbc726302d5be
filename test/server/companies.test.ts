import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bearer,
  createTestServer,
  json,
  OTHER,
  signIn,
  testDatabases,
  type TestServer,
} from '../support/server-harness'

describe.each(testDatabases())('companies (%s)', (kind) => {
  let server: TestServer
  let demoToken: string
  let otherToken: string
  beforeAll(async () => {
    server = await createTestServer(kind)
    demoToken = (await signIn(server.app)).access_token
    otherToken = (await signIn(server.app, OTHER.email, OTHER.password)).access_token
  })
  afterAll(() => server.close())

  const get = (url: string, token?: string) =>
    server.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })

  it('lists only the companies the user belongs to, with the total in meta', async () => {
    const response = await get('/api/v1/companies?count=1000&my=1', demoToken)
    expect(response.statusCode).toBe(200)
    const body = json(response)
    expect(body.success).toBe(true)
    expect(body.meta).toEqual({ count: 2 })
    const chainSalon = (title: string) => ({
      id: expect.any(Number),
      title,
      type: 'salon',
      main_group_id: expect.any(Number),
      country_id: 1,
      // Russia's language, in which the salon's titles are written.
      language_id: 1,
      timezone: 'Europe/Moscow',
      currency_short_title: 'RUB',
      user_role: 'owner',
      position_id: null,
    })
    expect(body.data).toEqual([chainSalon('Beauty Line — Tverskaya'), chainSalon('Beauty Line — Arbat')])
    expect(body.data[0].main_group_id).toBe(body.data[1].main_group_id)
    const other = json(await get('/api/v2/companies', otherToken))
    expect(other.data.map((company: { title: string }) => company.title)).toEqual(['Northern Barbers'])
    expect(other.data[0].main_group_id).toBeNull()
  })

  it('validates the query', async () => {
    const response = await get('/api/v1/companies?count=abc&my=7', demoToken)
    expect(response.statusCode).toBe(422)
    expect(Object.keys(json(response).meta.errors).sort()).toEqual(['count', 'my'])
  })

  it('needs a signed-in user', async () => {
    const response = await get('/api/v1/companies')
    expect(response.statusCode).toBe(401)
    expect(json(response).errors.code).toBe(1002)
  })

  it('shows one of the user’s companies, with or without the trailing slash', async () => {
    const [own] = json(await get('/api/v1/companies', demoToken)).data
    for (const url of [
      `/api/v1/company/${own.id}/`,
      `/api/v1/company/${own.id}`,
      `/api/v2/company/${own.id}/`,
    ]) {
      const response = await get(url, demoToken)
      expect(response.statusCode).toBe(200)
      // One company also carries the user's rights object (tested in business-rights.test.ts) and its profile
      // (company-profile.test.ts).
      expect(json(response).data).toEqual({
        ...own,
        access: expect.objectContaining({ users_rights_edit_access: true }),
        address: expect.any(String),
        city_id: null,
        city_title: '',
        phone: expect.any(String),
        business_type_id: null,
        logo_url: '',
        booking_form_header_url: '',
        profile_version: 1,
      })
    }
  })

  it('answers another company exactly like a company that does not exist', async () => {
    const [foreign] = json(await get('/api/v1/companies', otherToken)).data
    const response = await get(`/api/v1/company/${foreign.id}/`, demoToken)
    const missing = await get('/api/v1/company/999999/', demoToken)
    expect(response.statusCode).toBe(404)
    expect(missing.statusCode).toBe(404)
    expect(response.body).toBe(missing.body)
    expect(json(response)).toMatchObject({ success: false, data: null })
  })

  it('answers a non-numeric id with 422', async () => {
    for (const id of ['abc', '-1', '1.5', '12345678901234567890']) {
      const response = await get(`/api/v1/company/${id}/`, demoToken)
      expect(response.statusCode).toBe(422)
      expect(Object.keys(json(response).meta.errors)).toEqual(['id'])
    }
  })
})
