import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { employeeListSchema, employeeSchema } from '../../contract/staff/schemas'
import { rightsSavedSchema } from '../../contract/rights/schemas'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import { addMember, call, expectOk, signInCast } from './business-api-helpers'

/**
 * The numeric limits of the rights object are enforced where their data exists: "only one staff member"
 * narrows every staff read and change to that employee (the account list is covered in business-payments).
 */
describe.each(testDatabases())('rights limits on the server (%s)', (kind) => {
  let server: TestServer
  let cast: Awaited<ReturnType<typeof signInCast>>
  let companyId: number
  let member: { token: string; userId: number }
  let own: number
  let colleague: number

  beforeAll(async () => {
    server = await createTestServer(kind)
    cast = await signInCast(server)
    companyId = cast.ids.tverskaya.id
    const quick = async (name: string) =>
      expectOk(
        await call(server, 'POST', '/staff/quick', {
          token: cast.owner,
          body: { company_id: companyId, name, specialization: 'Stylist' },
        }),
        employeeSchema,
        201,
      ).id
    own = await quick('Vera Own')
    colleague = await quick('Nina Colleague')
    member = await addMember(server, companyId, { role: 'administrator' })
    // The owner restricts the administrator to their own staff card, through the rights call itself.
    expectOk(
      await call(server, 'PUT', `/company/${companyId}/users/${member.userId}/rights`, {
        token: cast.owner,
        body: {
          rights: {
            restricted_master_id: own,
            settings_master_edit_access: true,
            timetable_schedule_edit_access: true,
          },
        },
      }),
      rightsSavedSchema,
    )
  })
  afterAll(() => server.close())

  it('lists only the one staff member', async () => {
    const list = expectOk(
      await call(server, 'GET', `/company/${companyId}/staff`, { token: member.token }),
      employeeListSchema,
    )
    expect(list.map((employee) => employee.id)).toEqual([own])
    const everyone = expectOk(
      await call(server, 'GET', `/company/${companyId}/staff`, { token: cast.owner }),
      employeeListSchema,
    )
    expect(everyone.map((employee) => employee.id)).toEqual(expect.arrayContaining([own, colleague]))
  })

  it('finds only the one staff member', async () => {
    const found = expectOk(
      await call(server, 'GET', `/staff/search?company_id=${companyId}&term=a`, { token: member.token }),
      employeeListSchema,
    )
    expect(found.map((employee) => employee.id)).toEqual([own])
  })

  it('answers any other staff member as missing, to read and to change', async () => {
    expect((await call(server, 'GET', `/staff/${own}`, { token: member.token })).statusCode).toBe(200)
    expect((await call(server, 'GET', `/staff/${colleague}`, { token: member.token })).statusCode).toBe(404)
    expect(
      (
        await call(server, 'PUT', `/staff/${colleague}/change_name`, {
          token: member.token,
          body: { name: 'Renamed' },
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await call(server, 'PUT', `/staff/${own}/change_name`, {
          token: member.token,
          body: { name: 'Vera' },
        })
      ).statusCode,
    ).toBe(200)
  })

  it("changes only the one staff member's working week and days", async () => {
    const week = (staffId: number) => `/company/${companyId}/staff/${staffId}/working_hours`
    const day = (staffId: number) =>
      `/company/${companyId}/staff/${staffId}/working_hours_exceptions/2030-03-04`
    const dayBody = { intervals: [{ start: '10:00', end: '14:00' }] }
    expect((await call(server, 'DELETE', week(colleague), { token: member.token })).statusCode).toBe(404)
    expect(
      (await call(server, 'PUT', day(colleague), { token: member.token, body: dayBody })).statusCode,
    ).toBe(404)
    expect((await call(server, 'DELETE', day(colleague), { token: member.token })).statusCode).toBe(404)
    expect((await call(server, 'DELETE', week(own), { token: member.token })).statusCode).toBe(200)
    expect((await call(server, 'PUT', day(own), { token: member.token, body: dayBody })).statusCode).toBe(200)
    expect((await call(server, 'DELETE', day(own), { token: member.token })).statusCode).toBe(200)
    // The owner, without the limit, still changes the colleague's day.
    expect((await call(server, 'PUT', day(colleague), { token: cast.owner, body: dayBody })).statusCode).toBe(
      200,
    )
  })
})
