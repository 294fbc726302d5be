import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { employeeSchema } from '../../contract/staff/schemas'
import { companies, staff } from '../../server/db/schema'
import {
  bearer,
  DEMO,
  json,
  latestMessageTo,
  post,
  signIn,
  testDatabases,
  useTestServer,
} from '../support/server-harness'
import { expectInvalid, expectOk } from './business-api-helpers'

describe.each(testDatabases())('inviting a staff member to sign in (%s)', (kind) => {
  const server = useTestServer(kind)
  let ownerToken: string
  let tverskayaId: number
  let barbersId: number
  let staffIdOf: (name: string, companyId?: number) => Promise<number>
  beforeAll(async () => {
    ownerToken = (await signIn(server.app, DEMO.email, DEMO.password)).access_token
    const rows = await server.db.select().from(companies)
    tverskayaId = rows.find((row) => row.title === 'Beauty Line — Tverskaya')!.id
    barbersId = rows.find((row) => row.title === 'Northern Barbers')!.id
    staffIdOf = async (name, companyId = tverskayaId) => {
      const [row] = await server.db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.companyId, companyId), eq(staff.name, name)))
      return row!.id
    }
  })

  const invite = (payload: Record<string, unknown>) =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/company/${tverskayaId}/invites`,
      headers: bearer(ownerToken),
      payload: { role: 'specialist', lang: 'en', ...payload },
    })
  const employee = async (id: number) =>
    expectOk(
      await server.app.inject({ method: 'GET', url: `/api/v1/staff/${id}`, headers: bearer(ownerToken) }),
      employeeSchema,
    )

  it('links the person who accepts to the staff member, who then shows their contact', async () => {
    const elena = await staffIdOf('Elena Smirnova')
    expect((await employee(elena)).user).toBeNull()
    const sent = await invite({ email: 'elena@example.com', staff_id: elena })
    expect(sent.statusCode).toBe(201)
    expect(json(sent).data.staff_id).toBe(elena)
    const message = await latestMessageTo(server.app, 'elena@example.com')
    const token = /\/en\/invite\/([\w-]+)/.exec(message!.text)![1]!
    const registered = await post(server.app, `/user_invite_continue_register/${token}`, {
      name: 'Elena Smirnova',
      phone: '+7 900 555-66-77',
      email: 'elena@example.com',
      password: 'a long new password',
      confirm_password: 'a long new password',
      oferta: true,
      confidential: true,
      info_notifications: false,
    })
    expect(registered.statusCode, registered.body).toBe(201)
    const linked = await employee(elena)
    expect(linked.user).toMatchObject({
      name: 'Elena Smirnova',
      email: 'elena@example.com',
      phone: '79005556677',
    })
    expect(linked.has_access_timetable).toBe(true)
  })

  it('refuses a staff member who has a sign-in, another company’s, or one that is no id', async () => {
    const maria = await staffIdOf('Maria Ivanova')
    expectInvalid(await invite({ email: 'again@example.com', staff_id: maria }), ['staff_id'])
    const foreign = (
      await server.db.select({ id: staff.id }).from(staff).where(eq(staff.companyId, barbersId))
    )[0]!
    expectInvalid(await invite({ email: 'foreign@example.com', staff_id: foreign.id }), ['staff_id'])
    expectInvalid(await invite({ email: 'bad@example.com', staff_id: 'one' }), ['staff_id'])
  })
})
