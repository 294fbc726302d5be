import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { salarySettingsSchema } from '../../contract/salary/schemas'
import { auditLog, staff } from '../../server/db/schema'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import { call, demoCompanies, expectInvalid, expectOk, type DemoCompanies } from './business-api-helpers'

describe.each(testDatabases())('payroll settings saved from a version (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let url: string
  let staffId: number
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    const [olga] = await server.db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.companyId, demo.tverskaya), eq(staff.name, 'Olga Petrova')))
    staffId = olga!.id
    url = `/company/${demo.tverskaya}/salary/settings/${staffId}`
  })
  afterAll(() => server.close())

  const settings = { date_basis: 'sale_date', discount_split_mode: 'none', cost_split_mode: 'none' }
  const read = async () =>
    expectOk(await call(server, 'GET', url, { token: demo.demoToken }), salarySettingsSchema)
  const put = (body: unknown) => call(server, 'PUT', url, { token: demo.demoToken, body })

  it('counts the saves from 0 and refuses a save from an older copy with 409, keeping the other save', async () => {
    expect(await read()).toMatchObject({ is_customized: false, version: 0 })
    const first = expectOk(
      await put({ ...settings, mode: 'full', expected_version: 0 }),
      salarySettingsSchema,
    )
    expect(first).toMatchObject({ mode: 'full', version: 1 })
    const stale = await put({ ...settings, mode: 'split', expected_version: 0 })
    expect(stale.statusCode).toBe(409)
    expect(await read()).toMatchObject({ mode: 'full', version: 1 })
    // Without a version (an older client) the last save wins, as before.
    expect(expectOk(await put({ ...settings, mode: 'single' }), salarySettingsSchema).version).toBe(2)
    expectInvalid(await put({ ...settings, mode: 'single', expected_version: -1 }), ['expected_version'])
    expectInvalid(await put({ ...settings, mode: 'single', expected_version: '2' }), ['expected_version'])
  })

  it('of two saves from one version exactly one wins, and each save is audited', async () => {
    const { version } = await read()
    const replies = await Promise.all([
      put({ ...settings, mode: 'full', expected_version: version }),
      put({ ...settings, mode: 'split', expected_version: version }),
    ])
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409])
    expect((await read()).version).toBe(version + 1)
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, demo.tverskaya), eq(auditLog.action, 'salary_settings_updated')))
    expect(entries.length).toBe(3)
    expect(entries.every((entry) => (entry.details as { entity_id: number }).entity_id === staffId)).toBe(
      true,
    )
  })
})
