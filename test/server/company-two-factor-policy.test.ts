import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, users } from '../../server/db/schema'
import {
  createTestServer,
  DEMO,
  json,
  postSignIn,
  testDatabases,
  type TestServer,
} from '../support/server-harness'
import { addMember, call, demoCompanies, type DemoCompanies } from './business-api-helpers'

describe.each(testDatabases())("a company's second-factor policy (%s)", (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let manager: { token: string; userId: number }
  let administrator: { token: string; userId: number }
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    manager = await addMember(server, demo.tverskaya, { role: 'manager' })
    administrator = await addMember(server, demo.tverskaya, { role: 'administrator' })
  })
  afterAll(() => server.close())

  const url = () => `/company/${demo.tverskaya}/security/two_factor`
  const setPolicy = (required_for: unknown, token = demo.demoToken) =>
    call(server, 'PUT', url(), { token, body: { required_for } })
  const memberRow = async (userId: number) =>
    json(await call(server, 'GET', url(), { token: demo.demoToken })).data.members.find(
      (member: { user_id: number }) => member.user_id === userId,
    )
  const emailOf = async (userId: number) =>
    (await server.db.select().from(users).where(eq(users.id, userId)))[0]!.email!
  /** Whether signing in now stops at a second factor (202) rather than answering tokens (201). */
  const asksForCode = async (email: string) =>
    (await postSignIn(server.app, email, DEMO.password)).statusCode === 202

  it('starts at nobody and lists the members with their role and own choice', async () => {
    const response = await call(server, 'GET', url(), { token: demo.demoToken })
    expect(response.statusCode).toBe(200)
    const policy = json(response).data
    expect(policy.required_for).toBe('nobody')
    expect(await memberRow(manager.userId)).toMatchObject({ role: 'manager', own_two_factor: 'off' })
    expect(policy.members.find((member: { role: string }) => member.role === 'owner')).toBeDefined()
  })

  it('requires a code of owners and managers only, then of everyone, then of nobody; each change audited', async () => {
    const managerRow = await memberRow(manager.userId)
    const adminRow = await memberRow(administrator.userId)
    const managerEmail = await emailOf(manager.userId)
    const adminEmail = await emailOf(administrator.userId)
    expect(managerRow.name).toBeTruthy()
    expect(adminRow.role).toBe('administrator')

    const managers = await setPolicy('managers')
    expect(managers.statusCode).toBe(200)
    expect(json(managers).data.required_for).toBe('managers')
    expect(await asksForCode(managerEmail)).toBe(true)
    expect(await asksForCode(DEMO.email)).toBe(true)
    expect(await asksForCode(adminEmail)).toBe(false)

    expect(json(await setPolicy('everyone')).data.required_for).toBe('everyone')
    expect(await asksForCode(adminEmail)).toBe(true)

    expect(json(await setPolicy('nobody')).data.required_for).toBe('nobody')
    expect(await asksForCode(managerEmail)).toBe(false)
    expect(await asksForCode(DEMO.email)).toBe(false)

    const entries = await server.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'company_two_factor_policy_updated'), eq(auditLog.companyId, demo.tverskaya)),
      )
    expect(entries.map((entry) => entry.details)).toEqual([
      { entity_id: demo.tverskaya, changes: { required_for: 'managers', was: 'nobody' } },
      { entity_id: demo.tverskaya, changes: { required_for: 'everyone', was: 'managers' } },
      { entity_id: demo.tverskaya, changes: { required_for: 'nobody', was: 'everyone' } },
    ])
  })

  it('leaves the members of other companies alone', async () => {
    await setPolicy('everyone')
    expect(await asksForCode('other@example.com')).toBe(false)
    await setPolicy('nobody')
  })

  it('refuses bad input with a field error and changes nothing', async () => {
    for (const value of ['somebody', '', 1, null, undefined]) {
      const response = await setPolicy(value)
      expect(response.statusCode, String(value)).toBe(422)
      expect(Object.keys(json(response).meta.errors)).toEqual(['required_for'])
    }
    const notAnObject = await call(server, 'PUT', url(), { token: demo.demoToken, body: [] })
    expect(notAnObject.statusCode).toBeLessThan(500)
    expect(notAnObject.statusCode).toBeGreaterThanOrEqual(400)
    expect(json(await call(server, 'GET', url(), { token: demo.demoToken })).data.required_for).toBe('nobody')
  })

  it('lets two owners saving at once leave one of their choices', async () => {
    const [first, second] = await Promise.all([setPolicy('managers'), setPolicy('everyone')])
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    const now = json(await call(server, 'GET', url(), { token: demo.demoToken })).data.required_for
    expect(['managers', 'everyone']).toContain(now)
    await setPolicy('nobody')
  })
})
