import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Rights } from '../../contract/access/rights-catalogue'
import { appointmentListSchema, appointmentSchema } from '../../contract/appointments/schemas'
import { recordGroupListSchema, recordGroupSchema } from '../../contract/record-groups/schemas'
import { employeeListSchema, employeeSchema } from '../../contract/staff/schemas'
import { recordGroups, serviceCategories, services, staff } from '../../server/db/schema'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  expectInvalid,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

const groupsUrl = (companyId: number) => `/company/${companyId}/record_groups`
const bookUrl = (companyId: number) => `/company/${companyId}/appointments`

/** What a receptionist of the book may do, so that what refuses a call below is the group limit alone. */
const bookKeeper: Partial<Rights> = {
  timetable_access: true,
  record_create_access: true,
  record_edit_access: true,
  record_form_access: true,
  record_status_change_access: true,
  settings_master_access: true,
  settings_master_edit_access: true,
}

/**
 * Appointment groups (halls and departments): managing them, putting staff members in them, and the rights limit
 * "only one appointment group" (restricted_record_group_id), which narrows the staff and the book to the group.
 */
describe.each(testDatabases())('appointment groups (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let company: number
  let anna: number
  let boris: number
  let clara: number
  let hall: number
  let nails: number
  let hourService: number

  const groups = (token: string, companyId = company) =>
    call(server, 'GET', groupsUrl(companyId), { token }).then((reply) =>
      expectOk(reply, recordGroupListSchema),
    )
  const putInGroup = (staffId: number, groupId: number | null, token = demo.demoToken) =>
    call(server, 'PATCH', `/staff/${staffId}`, { token, body: { record_group_id: groupId } })
  const book = (staffId: number, startAt: string, token = demo.demoToken) =>
    call(server, 'POST', bookUrl(company), {
      token,
      body: { staff_id: staffId, service_ids: [hourService], start_at: startAt },
    })

  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    company = demo.arbat
    const add = async (name: string) =>
      (await server.db.insert(staff).values({ companyId: company, name }).returning())[0]!.id
    anna = await add('Anna Hall')
    boris = await add('Boris Hall')
    clara = await add('Clara Nails')
    const [category] = await server.db
      .insert(serviceCategories)
      .values({ companyId: company, title: 'Group test' })
      .returning()
    const [hour] = await server.db
      .insert(services)
      .values({ companyId: company, categoryId: category!.id, title: 'Hour', duration: 3600 })
      .returning()
    hourService = hour!.id
    for (const staffId of [anna, boris, clara]) {
      for (const date of ['2030-02-04', '2030-02-05']) {
        await call(server, 'PUT', `/company/${company}/staff/${staffId}/working_hours_exceptions/${date}`, {
          token: demo.demoToken,
          body: { intervals: [{ start: '09:00', end: '18:00' }] },
        })
      }
    }
    const create = async (title: string) =>
      expectOk(
        await call(server, 'POST', groupsUrl(company), { token: demo.demoToken, body: { title } }),
        recordGroupSchema,
        201,
      ).id
    hall = await create('Hair hall')
    nails = await create('Nails')
    for (const [staffId, groupId] of [
      [anna, hall],
      [boris, hall],
      [clara, nails],
    ] as const) {
      expectOk(await putInGroup(staffId, groupId), employeeSchema)
    }
  })
  afterAll(() => server.close())

  describe('managing the groups', () => {
    it('lists the groups alphabetically with their working staff members', async () => {
      const list = await groups(demo.demoToken)
      expect(list).toEqual([
        {
          id: hall,
          title: 'Hair hall',
          staff: [
            { id: anna, name: 'Anna Hall' },
            { id: boris, name: 'Boris Hall' },
          ],
        },
        { id: nails, title: 'Nails', staff: [{ id: clara, name: 'Clara Nails' }] },
      ])
      const card = expectOk(
        await call(server, 'GET', `/staff/${clara}`, { token: demo.demoToken }),
        employeeSchema,
      )
      expect(card.record_group_id).toBe(nails)
    })

    it('renames a group and deletes it softly, leaving its staff members without a group', async () => {
      const spa = expectOk(
        await call(server, 'POST', groupsUrl(company), { token: demo.demoToken, body: { title: '  Spa  ' } }),
        recordGroupSchema,
        201,
      )
      expect(spa).toEqual({ id: spa.id, title: 'Spa', staff: [] })
      const [dora] = await server.db
        .insert(staff)
        .values({ companyId: company, name: 'Dora Spa' })
        .returning()
      expectOk(await putInGroup(dora!.id, spa.id), employeeSchema)
      const renamed = expectOk(
        await call(server, 'PUT', `${groupsUrl(company)}/${spa.id}`, {
          token: demo.demoToken,
          body: { title: 'Spa and massage' },
        }),
        recordGroupSchema,
      )
      expect(renamed).toEqual({
        id: spa.id,
        title: 'Spa and massage',
        staff: [{ id: dora!.id, name: 'Dora Spa' }],
      })
      expectOk(
        await call(server, 'DELETE', `${groupsUrl(company)}/${spa.id}`, { token: demo.demoToken }),
        v.null(),
      )
      expect((await groups(demo.demoToken)).map((group) => group.id)).toEqual([hall, nails])
      const [row] = await server.db.select().from(recordGroups).where(eq(recordGroups.id, spa.id))
      expect(row!.deleted).toBe(1)
      const card = expectOk(
        await call(server, 'GET', `/staff/${dora!.id}`, { token: demo.demoToken }),
        employeeSchema,
      )
      expect(card.record_group_id).toBeNull()
      // Deleted is gone: it cannot be renamed, deleted again or given to a staff member, and its title is free.
      const again = await call(server, 'PUT', `${groupsUrl(company)}/${spa.id}`, {
        token: demo.demoToken,
        body: { title: 'Back' },
      })
      expect(again.statusCode).toBe(404)
      expect(
        (await call(server, 'DELETE', `${groupsUrl(company)}/${spa.id}`, { token: demo.demoToken }))
          .statusCode,
      ).toBe(404)
      expectInvalid(await putInGroup(dora!.id, spa.id), ['record_group_id'])
      expectOk(
        await call(server, 'POST', groupsUrl(company), {
          token: demo.demoToken,
          body: { title: 'Spa and massage' },
        }),
        recordGroupSchema,
        201,
      )
    })

    it('never leaves a staff member in a group deleted while they were being put in it', async () => {
      const [eva] = await server.db.insert(staff).values({ companyId: company, name: 'Eva Race' }).returning()
      for (let round = 0; round < 5; round += 1) {
        const group = expectOk(
          await call(server, 'POST', groupsUrl(company), {
            token: demo.demoToken,
            body: { title: `Race ${round}` },
          }),
          recordGroupSchema,
          201,
        )
        const [joined, deleted] = await Promise.all([
          putInGroup(eva!.id, group.id),
          call(server, 'DELETE', `${groupsUrl(company)}/${group.id}`, { token: demo.demoToken }),
        ])
        expect([200, 422]).toContain(joined.statusCode)
        expect(deleted.statusCode).toBe(200)
        const [row] = await server.db.select().from(staff).where(eq(staff.id, eva!.id))
        expect(row!.recordGroupId).toBeNull()
      }
    })

    it('refuses an empty, a too long and a taken title with 422 on the title, changing nothing', async () => {
      const before = await groups(demo.demoToken)
      for (const title of ['', '   ', 'x'.repeat(101), 'hair HALL', 42]) {
        expectInvalid(
          await call(server, 'POST', groupsUrl(company), { token: demo.demoToken, body: { title } }),
          ['title'],
        )
      }
      expectInvalid(
        await call(server, 'PUT', `${groupsUrl(company)}/${nails}`, {
          token: demo.demoToken,
          body: { title: 'Hair hall' },
        }),
        ['title'],
      )
      expectInvalid(await call(server, 'POST', groupsUrl(company), { token: demo.demoToken, body: {} }), [
        'title',
      ])
      expect(await groups(demo.demoToken)).toEqual(before)
    })

    it("refuses putting a staff member in another company's group or an unknown one, and an unknown staff member", async () => {
      const foreign = expectOk(
        await call(server, 'POST', groupsUrl(demo.tverskaya), {
          token: demo.demoToken,
          body: { title: 'Tverskaya hall' },
        }),
        recordGroupSchema,
        201,
      )
      expectInvalid(await putInGroup(anna, foreign.id), ['record_group_id'])
      expectInvalid(await putInGroup(anna, 99_999_999), ['record_group_id'])
      expectInvalid(await putInGroup(anna, 0), ['record_group_id'])
      expect((await putInGroup(99_999_999, hall)).statusCode).toBe(404)
      const card = expectOk(
        await call(server, 'GET', `/staff/${anna}`, { token: demo.demoToken }),
        employeeSchema,
      )
      expect(card.record_group_id).toBe(hall)
      // The limit in the rights must also name a group of the company.
      const member = await addMember(server, company, { role: 'administrator' })
      expectInvalid(
        await call(server, 'POST', `/company/${company}/users/${member.userId}/rights/preview`, {
          token: demo.demoToken,
          body: { rights: { restricted_record_group_id: foreign.id } },
        }),
        ['rights.restricted_record_group_id'],
      )
    })

    it("keeps another company's groups out of reach (404) and asks settings_master_edit_access to change them", async () => {
      expect((await call(server, 'GET', groupsUrl(company), { token: demo.otherToken })).statusCode).toBe(404)
      const viaOwnCompany = await call(server, 'PUT', `${groupsUrl(demo.northern)}/${hall}`, {
        token: demo.otherToken,
        body: { title: 'Taken over' },
      })
      expect(viaOwnCompany.statusCode).toBe(404)
      expect(
        (await call(server, 'DELETE', `${groupsUrl(demo.northern)}/${nails}`, { token: demo.otherToken }))
          .statusCode,
      ).toBe(404)
      // The demo owner's other salon does not have this salon's groups either.
      expect(
        (await call(server, 'DELETE', `${groupsUrl(demo.tverskaya)}/${nails}`, { token: demo.demoToken }))
          .statusCode,
      ).toBe(404)
      const reader = await addMember(server, company, { overrides: { settings_master_edit_access: false } })
      const before = await groups(demo.demoToken)
      expect(await groups(reader.token)).toEqual(before)
      const refused = await call(server, 'POST', groupsUrl(company), {
        token: reader.token,
        body: { title: 'Mine' },
      })
      expect(refused.statusCode).toBe(403)
      expect((await putInGroup(anna, nails, reader.token)).statusCode).toBe(403)
      expect(await groups(demo.demoToken)).toEqual(before)
    })
  })

  describe('a member limited to one group', () => {
    let member: { token: string; userId: number }
    let annaVisit: number
    let claraVisit: number
    beforeAll(async () => {
      annaVisit = expectOk(await book(anna, '2030-02-04T10:00'), appointmentSchema, 201).id
      claraVisit = expectOk(await book(clara, '2030-02-04T10:00'), appointmentSchema, 201).id
      member = await addMember(server, company, { role: 'administrator', overrides: bookKeeper })
      // The owner sets the limit through the rights call itself, as the rights editor does.
      const saved = await call(server, 'PUT', `/company/${company}/users/${member.userId}/rights`, {
        token: demo.demoToken,
        body: { rights: { restricted_record_group_id: hall } },
      })
      expect(saved.statusCode, saved.body).toBe(200)
    })

    it('sees only the staff members of the group, in the list, the search, the cards and the groups', async () => {
      const list = expectOk(
        await call(server, 'GET', `/company/${company}/staff`, { token: member.token }),
        employeeListSchema,
      )
      expect(list.map((employee) => employee.id).sort()).toEqual([anna, boris].sort())
      const found = expectOk(
        await call(server, 'GET', `/staff/search?company_id=${company}&term=a`, { token: member.token }),
        employeeListSchema,
      )
      expect(found.map((employee) => employee.id)).not.toContain(clara)
      expect((await call(server, 'GET', `/staff/${anna}`, { token: member.token })).statusCode).toBe(200)
      expect((await call(server, 'GET', `/staff/${clara}`, { token: member.token })).statusCode).toBe(404)
      expect((await putInGroup(clara, hall, member.token)).statusCode).toBe(404)
      expect((await groups(member.token)).map((group) => group.id)).toEqual([hall])
    })

    it("lists only the group's appointments, and answers another's as missing", async () => {
      const list = expectOk(
        await call(server, 'GET', `${bookUrl(company)}?date=2030-02-04&days=2`, { token: member.token }),
        appointmentListSchema,
      )
      expect(list.appointments.map((item) => item.id)).toEqual([annaVisit])
      const asked = expectOk(
        await call(server, 'GET', `${bookUrl(company)}?date=2030-02-04&days=2&staff_id=${clara}`, {
          token: member.token,
        }),
        appointmentListSchema,
      )
      expect(asked.appointments).toEqual([])
      const status = await call(server, 'PUT', `${bookUrl(company)}/${claraVisit}/status`, {
        token: member.token,
        body: { status: 'arrived' },
      })
      expect(status.statusCode).toBe(404)
      const move = await call(server, 'PATCH', `${bookUrl(company)}/${claraVisit}`, {
        token: member.token,
        body: { start_at: '2030-02-04T12:00' },
      })
      expect(move.statusCode).toBe(404)
      const slots = await call(
        server,
        'GET',
        `${bookUrl(company)}/free-slots?staff_id=${clara}&service_ids=${hourService}&date=2030-02-04`,
        { token: member.token },
      )
      expect(slots.statusCode).toBe(404)
      const [unchanged] = expectOk(
        await call(server, 'GET', `${bookUrl(company)}?date=2030-02-04&staff_id=${clara}`, {
          token: demo.demoToken,
        }),
        appointmentListSchema,
      ).appointments
      expect(unchanged).toMatchObject({
        id: claraVisit,
        status: 'booked',
        start_at: '2030-02-04T07:00:00.000Z',
      })
    })

    it('creates and moves appointments within the group only', async () => {
      expect((await book(clara, '2030-02-05T10:00', member.token)).statusCode).toBe(404)
      const created = expectOk(await book(boris, '2030-02-05T10:00', member.token), appointmentSchema, 201)
      const outside = await call(server, 'PATCH', `${bookUrl(company)}/${created.id}`, {
        token: member.token,
        body: { staff_id: clara },
      })
      expect(outside.statusCode).toBe(404)
      const inside = expectOk(
        await call(server, 'PATCH', `${bookUrl(company)}/${created.id}`, {
          token: member.token,
          body: { staff_id: anna, start_at: '2030-02-05T11:00' },
        }),
        appointmentSchema,
      )
      expect(inside.staff_id).toBe(anna)
    })

    it('with both limits set, reaches only what both allow', async () => {
      const both = await addMember(server, company, {
        role: 'administrator',
        overrides: { ...bookKeeper, restricted_record_group_id: hall, restricted_master_id: clara },
      })
      const list = expectOk(
        await call(server, 'GET', `/company/${company}/staff`, { token: both.token }),
        employeeListSchema,
      )
      expect(list).toEqual([])
      expect((await book(clara, '2030-02-05T15:00', both.token)).statusCode).toBe(404)
      expect((await book(anna, '2030-02-05T15:00', both.token)).statusCode).toBe(404)
      const narrowed = await addMember(server, company, {
        role: 'administrator',
        overrides: { ...bookKeeper, restricted_record_group_id: hall, restricted_master_id: anna },
      })
      const own = expectOk(
        await call(server, 'GET', `/company/${company}/staff`, { token: narrowed.token }),
        employeeListSchema,
      )
      expect(own.map((employee) => employee.id)).toEqual([anna])
      expect((await book(boris, '2030-02-05T16:00', narrowed.token)).statusCode).toBe(404)
    })
  })
})
