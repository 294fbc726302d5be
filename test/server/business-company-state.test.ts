import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companyStateSchema } from '../../contract/license/company-state-schemas'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  invalidFields,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

const US_COUNTRY_ID = 1538

describe.each(testDatabases())('writing the company state (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
  })
  afterAll(() => server.close())

  const readState = async (companyId: number, token = demo.demoToken) =>
    expectOk(await call(server, 'GET', `/company/${companyId}/state`, { token }), companyStateSchema)
  const put = (companyId: number, body: unknown, token = demo.demoToken) =>
    call(server, 'PUT', `/company/${companyId}/state`, { token, body })

  it('changes only the fields sent and answers the whole state', async () => {
    const before = await readState(demo.tverskaya)
    const updated = expectOk(
      await put(demo.tverskaya, { storage_settings: { allow_overselling: false } }),
      companyStateSchema,
    )
    expect(updated).toEqual({ ...before, storage_settings: { allow_overselling: false } })

    const all = expectOk(
      await put(demo.tverskaya, {
        sms_sender_name: 'Salon24',
        analytics_lost_threshold: 365,
        default_country_id: US_COUNTRY_ID,
      }),
      companyStateSchema,
    )
    expect(all).toEqual({
      ...before,
      storage_settings: { allow_overselling: false },
      sms_sender_name: 'Salon24',
      analytics_lost_threshold: 365,
      default_country_id: US_COUNTRY_ID,
    })
    expect(await readState(demo.tverskaya)).toEqual(all)

    // Null clears the sender name and the default country; zero days is the lowest threshold.
    const cleared = expectOk(
      await put(demo.tverskaya, {
        sms_sender_name: null,
        default_country_id: null,
        analytics_lost_threshold: 0,
      }),
      companyStateSchema,
    )
    expect(cleared).toMatchObject({
      sms_sender_name: null,
      default_country_id: null,
      analytics_lost_threshold: 0,
    })
  })

  it('keeps every concurrent change of different fields, also for a company that has no settings yet', async () => {
    const replies = await Promise.all([
      put(demo.northern, { storage_settings: { allow_overselling: false } }, demo.otherToken),
      put(demo.northern, { sms_sender_name: 'NBarbers' }, demo.otherToken),
      put(demo.northern, { analytics_lost_threshold: 30 }, demo.otherToken),
      put(demo.northern, { default_country_id: 1 }, demo.otherToken),
    ])
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200)
    expect(await readState(demo.northern, demo.otherToken)).toEqual({
      storage_settings: { allow_overselling: false },
      sms_sender_name: 'NBarbers',
      analytics_lost_threshold: 30,
      default_country_id: 1,
      license: null,
    })
  })

  it('refuses each invalid field with 422 and changes nothing', async () => {
    const before = await readState(demo.arbat)
    const cases: [unknown, string[]][] = [
      [{ storage_settings: { allow_overselling: 'yes' } }, ['storage_settings.allow_overselling']],
      [{ storage_settings: true }, ['storage_settings']],
      [{ storage_settings: { allow_overselling: true, other: 1 } }, ['storage_settings.other']],
      [{ sms_sender_name: 'ab' }, ['sms_sender_name']],
      [{ sms_sender_name: 'TwelveChars1' }, ['sms_sender_name']],
      [{ sms_sender_name: 'Салон' }, ['sms_sender_name']],
      [{ sms_sender_name: 'Beauty Line' }, ['sms_sender_name']],
      [{ sms_sender_name: '123456' }, ['sms_sender_name']],
      [{ sms_sender_name: 42 }, ['sms_sender_name']],
      [{ analytics_lost_threshold: -1 }, ['analytics_lost_threshold']],
      [{ analytics_lost_threshold: 366 }, ['analytics_lost_threshold']],
      [{ analytics_lost_threshold: 1.5 }, ['analytics_lost_threshold']],
      [{ analytics_lost_threshold: '30' }, ['analytics_lost_threshold']],
      [{ default_country_id: 0 }, ['default_country_id']],
      [{ default_country_id: 999 }, ['default_country_id']],
      [{ default_country_id: 'RU' }, ['default_country_id']],
      [{ currency: 'USD' }, ['currency']],
      [{}, ['_']],
      // An array is read as an object whose keys (its indexes) are no known fields.
      [[1], ['0']],
      // One wrong field refuses the whole update, the valid field included.
      [{ analytics_lost_threshold: 10, sms_sender_name: 'x' }, ['sms_sender_name']],
    ]
    for (const [body, fields] of cases) {
      expect(invalidFields(await put(demo.arbat, body)), JSON.stringify(body)).toEqual(fields)
    }
    expect(await readState(demo.arbat)).toEqual(before)
  })

  it('needs the right of each field sent, refusing the whole update with 403', async () => {
    const before = await readState(demo.arbat)
    const memberWithout = async (flag: string) =>
      (await addMember(server, demo.arbat, { role: 'manager', overrides: { [flag]: false } })).token
    const noStorage = await memberWithout('options_storage_settings_access')
    const noSender = await memberWithout('options_sms_sender_access')
    const noCompanyEdit = await memberWithout('options_company_edit_access')
    const refused: [string, object][] = [
      [noStorage, { storage_settings: { allow_overselling: true } }],
      [noStorage, { storage_settings: { allow_overselling: true }, analytics_lost_threshold: 5 }],
      [noSender, { sms_sender_name: 'Arbat' }],
      [noSender, { sms_sender_name: 'Arbat', storage_settings: { allow_overselling: true } }],
      [noCompanyEdit, { analytics_lost_threshold: 5 }],
      [noCompanyEdit, { default_country_id: US_COUNTRY_ID }],
      [noCompanyEdit, { default_country_id: US_COUNTRY_ID, sms_sender_name: 'Arbat' }],
    ]
    for (const [token, body] of refused) {
      expect((await put(demo.arbat, body, token)).statusCode, JSON.stringify(body)).toBe(403)
    }
    expect(await readState(demo.arbat)).toEqual(before)

    // Each of them may still change the fields their other rights cover.
    expect((await put(demo.arbat, { sms_sender_name: 'Arbat' }, noStorage)).statusCode).toBe(200)
    expect((await put(demo.arbat, { analytics_lost_threshold: 7 }, noSender)).statusCode).toBe(200)
    expect(
      (await put(demo.arbat, { storage_settings: { allow_overselling: true } }, noCompanyEdit)).statusCode,
    ).toBe(200)
    expect(await readState(demo.arbat)).toEqual({
      ...before,
      storage_settings: { allow_overselling: true },
      sms_sender_name: 'Arbat',
      analytics_lost_threshold: 7,
    })

    // A specialist holds none of the three rights.
    const specialist = (await addMember(server, demo.arbat)).token
    expect((await put(demo.arbat, { analytics_lost_threshold: 9 }, specialist)).statusCode).toBe(403)
  })

  it("shows every member the state, and the licence's terms only to those with the licence right", async () => {
    const withLicence = await readState(demo.tverskaya)
    expect(withLicence.license).not.toBeNull()
    const specialist = (await addMember(server, demo.tverskaya)).token
    const seen = await readState(demo.tverskaya, specialist)
    expect(seen).toEqual({ ...withLicence, license: null })
    expect((await call(server, 'GET', `/license/${demo.tverskaya}`, { token: specialist })).statusCode).toBe(
      403,
    )
  })

  it('hides a foreign company with 404 and refuses an anonymous caller with 401, changing nothing', async () => {
    const before = await readState(demo.tverskaya)
    const foreign = await put(demo.tverskaya, { analytics_lost_threshold: 99 }, demo.otherToken)
    expect(foreign.statusCode).toBe(404)
    const anonymous = await call(server, 'PUT', `/company/${demo.tverskaya}/state`, {
      body: { analytics_lost_threshold: 99 },
    })
    expect(anonymous.statusCode).toBe(401)
    expect(json(anonymous).success).toBe(false)
    expect(await readState(demo.tverskaya)).toEqual(before)
  })
})
