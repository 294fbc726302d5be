import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  companyUsers,
  labels,
  positions,
  serviceCategories,
  services,
  serviceStaff,
  staff,
} from '../../server/db/schema'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import { call, signInCast } from './business-api-helpers'

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
interface Route {
  method: Method
  url: string
  body?: unknown
  /** The flag-less member may use it (reads every member needs). */
  openToMembers?: boolean
}

/**
 * Every route of staff, positions, services, labels and rights, run against the Tverskaya salon as its owner, as the owner of another company,
 * as a member of Tverskaya without settings flags, and anonymously. After all the forbidden calls, the salon's
 * rows are read back and compared with a snapshot taken before: nothing foreign may have changed.
 */
describe.each(testDatabases())('isolation matrix of staff, services, labels and rights (%s)', (kind) => {
  let server: TestServer
  let cast: Awaited<ReturnType<typeof signInCast>>
  let routes: Route[]

  const snapshot = async (companyId: number) => ({
    staff: await server.db.select().from(staff).where(eq(staff.companyId, companyId)).orderBy(staff.id),
    positions: await server.db
      .select()
      .from(positions)
      .where(eq(positions.companyId, companyId))
      .orderBy(positions.id),
    services: await server.db
      .select()
      .from(services)
      .where(eq(services.companyId, companyId))
      .orderBy(services.id),
    categories: await server.db
      .select()
      .from(serviceCategories)
      .where(eq(serviceCategories.companyId, companyId))
      .orderBy(serviceCategories.id),
    labels: await server.db.select().from(labels).where(eq(labels.companyId, companyId)).orderBy(labels.id),
    links: await server.db
      .select()
      .from(serviceStaff)
      .where(eq(serviceStaff.companyId, companyId))
      .orderBy(serviceStaff.id),
    members: await server.db
      .select()
      .from(companyUsers)
      .where(eq(companyUsers.companyId, companyId))
      .orderBy(companyUsers.id),
  })

  beforeAll(async () => {
    server = await createTestServer(kind)
    cast = await signInCast(server)
    const companyId = cast.ids.tverskaya.id
    const [employee] = await server.db.select().from(staff).where(eq(staff.companyId, companyId)).limit(1)
    const [position] = await server.db
      .select()
      .from(positions)
      .where(eq(positions.companyId, companyId))
      .limit(1)
    // A service of the salon's own (outside any composite and not a chain service's copy, whose title the chain
    // keeps) and an empty category, so that the owner's changes and deletes may succeed.
    const [service] = await server.db
      .select()
      .from(services)
      .where(and(eq(services.companyId, companyId), eq(services.title, "Men's haircut")))
    const [category] = await server.db
      .insert(serviceCategories)
      .values({ companyId, title: 'Empty for now' })
      .returning()
    const [label] = await server.db
      .select()
      .from(labels)
      .where(and(eq(labels.companyId, companyId), eq(labels.notEditable, false)))
      .limit(1)
    const e = employee!.id
    const s = service!.id
    const c = companyId
    const g = cast.ids.tverskaya.mainGroupId!
    routes = [
      { method: 'GET', url: `/company/${c}/`, openToMembers: true },
      { method: 'GET', url: `/companies/${c}/staff?include=position`, openToMembers: true },
      { method: 'GET', url: `/company/${c}/staff`, openToMembers: true },
      { method: 'GET', url: `/staff/${e}`, openToMembers: true },
      { method: 'GET', url: `/staff/${e}/services`, openToMembers: true },
      { method: 'GET', url: `/staff/search?company_id=${c}&term=a`, openToMembers: true },
      { method: 'GET', url: `/staff/users?company_id=${c}` },
      { method: 'GET', url: `/staff/${e}/available_remove_salons` },
      { method: 'GET', url: `/staff/${e}/notifications` },
      { method: 'GET', url: `/staff/${e}/salary_schemes_count` },
      { method: 'POST', url: '/staff/quick', body: { company_id: c, name: 'Intruder' } },
      { method: 'POST', url: '/staff/sort', body: { company_id: c, sort: [e] } },
      { method: 'POST', url: `/staff/${e}/services`, body: { services: [{ service_id: s }] } },
      { method: 'PUT', url: `/staff/${e}/services/${s}`, body: { seance_length: 600 } },
      { method: 'POST', url: `/staff/${e}/services/unlink`, body: { service_ids: [s] } },
      { method: 'PUT', url: `/staff/${e}/notifications`, body: { by_sms: true } },
      { method: 'PUT', url: `/staff/${e}/accesses`, body: { flag: true } },
      { method: 'PUT', url: `/staff/${e}/change_name`, body: { name: 'Intruder' } },
      { method: 'PATCH', url: `/staff/${e}`, body: { name: 'Intruder' } },
      {
        method: 'POST',
        url: '/settings/master/fire/',
        body: { staff_id: e, date_dismissal: '2025-01-01', user_delete: true },
      },
      { method: 'POST', url: `/settings/master/restore/${c}/${e}` },
      { method: 'POST', url: '/settings/master/delete/', body: { staff_id: e, user_delete: true } },
      { method: 'GET', url: `/company/${c}/positions` },
      { method: 'POST', url: `/company/${c}/positions`, body: { title: 'Intruder' } },
      { method: 'PUT', url: `/company/${c}/positions/${position!.id}`, body: { title: 'Renamed' } },
      { method: 'DELETE', url: `/company/${c}/positions/${position!.id}` },
      { method: 'GET', url: `/services/${c}/`, openToMembers: true },
      { method: 'GET', url: `/services/${c}/${s}`, openToMembers: true },
      {
        method: 'POST',
        url: `/services/${c}/`,
        body: { title: 'Intruder', category_id: service!.categoryId },
      },
      { method: 'PUT', url: `/services/${c}/${s}`, body: { title: 'Intruder' } },
      { method: 'DELETE', url: `/services/${c}/${s}` },
      { method: 'GET', url: `/service_categories/${c}/`, openToMembers: true },
      { method: 'GET', url: `/chain/${g}/service_categories?include=services`, openToMembers: true },
      { method: 'POST', url: `/service_categories/${c}/`, body: { title: 'Intruder' } },
      { method: 'PUT', url: `/service_categories/${c}/${category!.id}`, body: { title: 'Intruder renamed' } },
      { method: 'DELETE', url: `/service_categories/${c}/${category!.id}` },
      { method: 'GET', url: `/company/${c}/labels`, openToMembers: true },
      { method: 'GET', url: `/labels/${c}/1`, openToMembers: true },
      { method: 'POST', url: `/labels/${c}/`, body: { title: 'Intruder', color: '#000000', entity: 0 } },
      { method: 'PUT', url: `/labels/${c}/${label!.id}`, body: { title: 'Intruder renamed' } },
      { method: 'DELETE', url: `/labels/${c}/${label!.id}` },
      { method: 'GET', url: `/company/${c}/users/${cast.ownerId}/rights` },
      { method: 'GET', url: `/company/${c}/users/${cast.ownerId}/rights/history` },
      {
        method: 'POST',
        url: `/company/${c}/users/${cast.memberId}/rights/preview`,
        body: { rights: { clients_access: true } },
      },
      {
        method: 'PUT',
        url: `/company/${c}/users/${cast.memberId}/rights`,
        body: { rights: { clients_access: true } },
      },
    ]
  })
  afterAll(() => server.close())

  it('refuses every route anonymously with 401 and changes nothing', async () => {
    const before = await snapshot(cast.ids.tverskaya.id)
    for (const route of routes) {
      const response = await call(server, route.method, route.url, { body: route.body })
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401)
    }
    expect(await snapshot(cast.ids.tverskaya.id)).toEqual(before)
  })

  it('answers the owner of another company 404 everywhere, like a missing row, and changes nothing', async () => {
    const before = await snapshot(cast.ids.tverskaya.id)
    for (const route of routes) {
      const response = await call(server, route.method, route.url, { token: cast.stranger, body: route.body })
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(404)
      expect(json(response).data).toBeNull()
    }
    expect(await snapshot(cast.ids.tverskaya.id)).toEqual(before)
  })

  it('lets a member without flags read what every member needs, refuses the rest with 403, and changes nothing', async () => {
    const before = await snapshot(cast.ids.tverskaya.id)
    for (const route of routes) {
      const response = await call(server, route.method, route.url, { token: cast.member, body: route.body })
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(
        route.openToMembers ? 200 : 403,
      )
    }
    expect(await snapshot(cast.ids.tverskaya.id)).toEqual(before)
  })

  it('lets the owner use every route', async () => {
    // Reads first and the destructive calls last, so that each call still finds its row.
    for (const route of routes) {
      const response = await call(server, route.method, route.url, { token: cast.owner, body: route.body })
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBeLessThan(300)
    }
  })
})
