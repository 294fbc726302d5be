import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { ErrorCode } from '../../contract/error-codes'
import { positionInUseSchema, positionListSchema, positionSchema } from '../../contract/positions/schemas'
import { employeeSchema } from '../../contract/staff/schemas'
import { companyUsers, invites, staff } from '../../server/db/schema'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import { call, expectInvalid, expectOk, signInCast } from './business-api-helpers'

describe.each(testDatabases())('positions (%s)', (kind) => {
  let server: TestServer
  let cast: Awaited<ReturnType<typeof signInCast>>
  let companyId: number
  beforeAll(async () => {
    server = await createTestServer(kind)
    cast = await signInCast(server)
    companyId = cast.ids.tverskaya.id
  })
  afterAll(() => server.close())

  it('lists positions with the number of services their employees provide', async () => {
    const list = expectOk(
      await call(server, 'GET', `/company/${companyId}/positions`, { token: cast.owner }),
      positionListSchema,
    )
    expect(list.map((position) => position.title)).toEqual([
      'Administrator',
      'Colorist',
      'Manicurist',
      'Stylist',
    ])
    const count = (title: string) => list.find((position) => position.title === title)!.count_linked_services
    // The colorist does colouring (2) and hair (3); the stylist hair (3); nobody links the administrator.
    expect([count('Colorist'), count('Stylist'), count('Manicurist'), count('Administrator')]).toEqual([
      5, 3, 2, 0,
    ])
  })

  it('creates, renames and deletes a position; refuses while someone holds it, naming them', async () => {
    const created = expectOk(
      await call(server, 'POST', `/company/${companyId}/positions`, {
        token: cast.owner,
        body: {
          title: 'Massage therapist',
        },
      }),
      positionSchema,
      201,
    )
    expect(created).toEqual({
      id: created.id,
      title: 'Massage therapist',
      services_binding_type: 0,
      count_linked_services: 0,
    })
    const renamed = expectOk(
      await call(server, 'PUT', `/company/${companyId}/positions/${created.id}`, {
        token: cast.owner,
        body: {
          title: 'Masseur',
          services_binding_type: 1,
        },
      }),
      positionSchema,
    )
    expect(renamed).toMatchObject({ title: 'Masseur', services_binding_type: 1 })
    const employee = expectOk(
      await call(server, 'POST', '/staff/quick', {
        token: cast.owner,
        body: {
          company_id: companyId,
          name: 'Ivan',
          position_id: created.id,
        },
      }),
      employeeSchema,
      201,
    )
    await server.db
      .update(companyUsers)
      .set({ positionId: created.id })
      .where(eq(companyUsers.userId, cast.memberId))
    const refused = await call(server, 'DELETE', `/company/${companyId}/positions/${created.id}`, {
      token: cast.owner,
    })
    expect(refused.statusCode).toBe(409)
    expect(json(refused).errors).toMatchObject({ code: ErrorCode.positionInUse })
    expect(v.parse(positionInUseSchema, json(refused).errors.used_by)).toEqual({
      staff: ['Ivan'],
      members: ['Test member'],
    })

    // Once the member has another position and the employee is fired, the position goes; the fired employee
    // is left without one.
    await server.db
      .update(companyUsers)
      .set({ positionId: null })
      .where(eq(companyUsers.userId, cast.memberId))
    await server.db.update(staff).set({ fired: 1 }).where(eq(staff.id, employee.id))
    expectOk(
      await call(server, 'DELETE', `/company/${companyId}/positions/${created.id}`, { token: cast.owner }),
      v.null(),
    )
    const [after] = await server.db.select().from(staff).where(eq(staff.id, employee.id))
    expect(after!.positionId).toBeNull()
    expect(
      (await call(server, 'DELETE', `/company/${companyId}/positions/${created.id}`, { token: cast.owner }))
        .statusCode,
    ).toBe(404)
  })

  it('deletes a position that a pending invite names, and the invite stands without a position', async () => {
    const position = expectOk(
      await call(server, 'POST', `/company/${companyId}/positions`, {
        token: cast.owner,
        body: { title: 'Invited as' },
      }),
      positionSchema,
      201,
    )
    const invite = await call(server, 'POST', `/company/${companyId}/invites`, {
      token: cast.owner,
      body: { email: 'invited-with-position@example.com', role: 'administrator', position_id: position.id },
    })
    expect(invite.statusCode, invite.body).toBe(201)
    expectOk(
      await call(server, 'DELETE', `/company/${companyId}/positions/${position.id}`, { token: cast.owner }),
      v.null(),
    )
    const [row] = await server.db
      .select()
      .from(invites)
      .where(eq(invites.id, json(invite).data.id))
    expect(row).toMatchObject({ positionId: null })
  })

  it('refuses a duplicate title, also when two arrive at once', async () => {
    expectInvalid(
      await call(server, 'POST', `/company/${companyId}/positions`, {
        token: cast.owner,
        body: { title: 'stylist' },
      }),
      ['title'],
    )
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        call(server, 'POST', `/company/${companyId}/positions`, {
          token: cast.owner,
          body: { title: 'Barista' },
        }),
      ),
    )
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 422, 422])
  })

  it('answers each invalid field', async () => {
    expectInvalid(
      await call(server, 'POST', `/company/${companyId}/positions`, {
        token: cast.owner,
        body: {
          title: '',
          services_binding_type: 5,
        },
      }),
      ['title', 'services_binding_type'],
    )
    expectInvalid(
      await call(server, 'PUT', `/company/${companyId}/positions/abc`, { token: cast.owner, body: {} }),
      ['positionId'],
    )
  })

  it('needs the settings_positions flags', async () => {
    for (const [method, url] of [
      ['GET', `/company/${companyId}/positions`],
      ['POST', `/company/${companyId}/positions`],
      ['PUT', `/company/${companyId}/positions/1`],
      ['DELETE', `/company/${companyId}/positions/1`],
    ] as const) {
      const response = await call(server, method, url, { token: cast.member, body: { title: 'X' } })
      expect(response.statusCode, `${method} ${url}`).toBe(403)
      expect(json(response).success).toBe(false)
    }
  })
})
