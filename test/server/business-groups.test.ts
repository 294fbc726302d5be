import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { companyGroupsSchema } from '../../contract/groups/schemas'
import { kkmIntegrationsSchema } from '../../contract/references/schemas'
import { timetableSettingsSchema } from '../../contract/timetable/schemas'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  expectInvalid,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

describe.each(testDatabases())('chains, timetable settings and KKM integrations (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
  })
  afterAll(() => server.close())

  it('lists the user’s chains with only the user’s companies in them', async () => {
    const groups = expectOk(
      await call(server, 'GET', '/groups', { token: demo.demoToken }),
      companyGroupsSchema,
    )
    expect(groups).toEqual([
      {
        id: expect.any(Number),
        title: 'Beauty Line',
        companies: [
          { id: demo.tverskaya, title: 'Beauty Line — Tverskaya' },
          { id: demo.arbat, title: 'Beauty Line — Arbat' },
        ],
      },
    ])
    // A company outside any chain gives no group.
    expect(
      expectOk(await call(server, 'GET', '/groups', { token: demo.otherToken }), companyGroupsSchema),
    ).toEqual([])
    const arbatOnly = (await addMember(server, demo.arbat)).token
    const seen = expectOk(await call(server, 'GET', '/groups', { token: arbatOnly }), companyGroupsSchema)
    expect(seen[0]!.companies).toEqual([{ id: demo.arbat, title: 'Beauty Line — Arbat' }])
    expect((await call(server, 'GET', '/groups')).statusCode).toBe(401)
  })

  it('answers the three timetable flags', async () => {
    const url = (companyId: number) => `/company/${companyId}/timetable/settings`
    expect(
      expectOk(
        await call(server, 'GET', url(demo.tverskaya), { token: demo.demoToken }),
        timetableSettingsSchema,
      ),
    ).toEqual({
      is_show_newsletter_agreement: true,
      is_show_personal_data_processing_agreement: true,
      is_need_sum_record_technical_breaks: true,
    })
    expect(
      expectOk(
        await call(server, 'GET', url(demo.northern), { token: demo.otherToken }),
        timetableSettingsSchema,
      ),
    ).toEqual({
      is_show_newsletter_agreement: false,
      is_show_personal_data_processing_agreement: false,
      is_need_sum_record_technical_breaks: false,
    })
    const noTimetable = (await addMember(server, demo.tverskaya, { overrides: { timetable_access: false } }))
      .token
    expect((await call(server, 'GET', url(demo.tverskaya), { token: noTimetable })).statusCode).toBe(403)
  })

  it('forces both agreement flags to false when the agreements build flag is off', async () => {
    // A second process of the same deployment, started with FEATURE_AGREEMENTS=false, on the same database.
    const config = loadConfig({ ...configEnv(server), FEATURE_AGREEMENTS: 'false' })
    const app = await buildApp({
      config,
      db: server.db,
      logger: false,
      distDir: '/nonexistent-dist-for-tests',
    })
    try {
      const reply = await app.inject({
        method: 'GET',
        url: `/api/v1/company/${demo.tverskaya}/timetable/settings`,
        headers: { authorization: `Bearer ${demo.demoToken}` },
      })
      expect(expectOk(reply, timetableSettingsSchema)).toEqual({
        is_show_newsletter_agreement: false,
        is_show_personal_data_processing_agreement: false,
        is_need_sum_record_technical_breaks: true,
      })
      // Nor can they be switched on there; switching one off, as a client sending what it read does, is fine.
      const put = (body: object) =>
        app.inject({
          method: 'PUT',
          url: `/api/v1/company/${demo.tverskaya}/timetable/settings`,
          headers: { authorization: `Bearer ${demo.demoToken}` },
          payload: body,
        })
      expectInvalid(await put({ is_show_newsletter_agreement: true }), ['is_show_newsletter_agreement'])
      expect((await put({ is_show_personal_data_processing_agreement: false })).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('lists the KKM integrations without sign-in', async () => {
    const list = expectOk(await call(server, 'GET', '/references/kkm_integration'), kkmIntegrationsSchema)
    expect(list.map((integration) => integration.slug)).toContain('atol')
  })
})

/** The environment a test server was configured from, so that a second process can share its keys. */
function configEnv(server: TestServer): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: server.config.DATA_DIR,
    JWT_SECRET: server.config.JWT_SECRET,
    PUBLIC_ORIGIN: server.config.PUBLIC_ORIGIN,
    LOG_LEVEL: 'silent',
  }
}
