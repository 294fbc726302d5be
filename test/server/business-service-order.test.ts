import { and, asc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceListSchema, type Service } from '../../contract/services/schemas'
import { auditLog, services as serviceRows } from '../../server/db/schema'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import { addMember, call, expectInvalid, expectOk, signInCast } from './business-api-helpers'

/**
 * POST services/{companyId}/sort: the order of one category's services, behind the edit flag, scoped to the
 * company, whole when sorts run at once, and written to the audit log.
 */
describe.each(testDatabases())('sorting services (%s)', (kind) => {
  let server: TestServer
  let cast: Awaited<ReturnType<typeof signInCast>>
  let companyId: number
  let northernId: number
  let hairId: number

  beforeAll(async () => {
    server = await createTestServer(kind)
    cast = await signInCast(server)
    companyId = cast.ids.tverskaya.id
    northernId = cast.ids.barbers.id
    const all = await list()
    hairId = all.find((service) => service.title === "Men's haircut")!.category_id
    // Two more services, so the category holds five to order.
    for (const title of ['Fringe trim', 'Kids haircut']) {
      await call(server, 'POST', `/services/${companyId}/`, {
        token: cast.owner,
        body: { title, category_id: hairId },
      })
    }
  })
  afterAll(() => server.close())

  const sortUrl = (company = companyId) => `/services/${company}/sort`
  const sort = (body: unknown, token = cast.owner, company = companyId) =>
    call(server, 'POST', sortUrl(company), { token, body })

  async function list(company = companyId, token = cast.owner): Promise<Service[]> {
    return expectOk(await call(server, 'GET', `/services/${company}/`, { token }), serviceListSchema)
  }
  /** The ids of the hair services in the order the list shows them. */
  const hairOrder = async () =>
    (await list()).filter((service) => service.category_id === hairId).map((service) => service.id)
  const allRows = () => server.db.select().from(serviceRows).orderBy(asc(serviceRows.id))

  it('orders one category as listed, first shown first, and answers that category in the new order', async () => {
    const ids = await hairOrder()
    expect(ids).toHaveLength(5)
    const reversed = [...ids].reverse()
    const sorted = expectOk(await sort({ category_id: hairId, ids: reversed }), serviceListSchema)
    expect(sorted.map((service) => service.id)).toEqual(reversed)
    expect(sorted.map((service) => service.weight)).toEqual([5, 4, 3, 2, 1])
    expect(await hairOrder()).toEqual(reversed)
    // Naming only the last one moves it to the top; the others keep their order below it.
    const top = expectOk(await sort({ category_id: hairId, ids: [ids[0]] }), serviceListSchema)
    expect(top.map((service) => service.id)).toEqual([ids[0], ...reversed.slice(0, -1)])
    expect(await hairOrder()).toEqual([ids[0], ...reversed.slice(0, -1)])
  })

  it('answers each invalid field with 422 and changes nothing', async () => {
    const ids = await hairOrder()
    const before = await allRows()
    expectInvalid(await sort({ category_id: hairId, ids: [] }), ['ids'])
    expectInvalid(await sort({ category_id: hairId, ids: [ids[0], ids[0]] }), ['ids'])
    expectInvalid(await sort({ category_id: hairId, ids: ['one'] }), ['ids.0'])
    expectInvalid(await sort({ ids }), ['category_id'])
    expectInvalid(await sort({ category_id: 0, ids }), ['category_id'])
    expectInvalid(await sort(['not', 'an', 'object']), ['category_id', 'ids'])
    expect(await allRows()).toEqual(before)
  })

  it('refuses services of another category or company and categories of another company, changing nothing', async () => {
    const ids = await hairOrder()
    const all = await list()
    const otherCategory = all.find((service) => service.category_id !== hairId)!
    const [northern] = await list(northernId, cast.stranger)
    const [deleted] = await server.db
      .insert(serviceRows)
      .values({ companyId, categoryId: hairId, title: 'Gone', duration: 3600, deleted: 1 })
      .returning()
    const before = await allRows()
    for (const stray of [otherCategory.id, northern!.id, deleted!.id, 2_000_000]) {
      expectInvalid(await sort({ category_id: hairId, ids: [stray, ...ids] }), ['ids'])
    }
    // A category of another company is not confirmed to exist, even with its own services listed.
    const northernSort = await sort({ category_id: northern!.category_id, ids: [northern!.id] })
    expect(northernSort.statusCode).toBe(404)
    // Another company's owner cannot sort this company's services, nor this owner theirs.
    expect((await sort({ category_id: hairId, ids }, cast.stranger)).statusCode).toBe(404)
    expect(
      (await sort({ category_id: northern!.category_id, ids: [northern!.id] }, cast.owner, northernId))
        .statusCode,
    ).toBe(404)
    expect(await allRows()).toEqual(before)
  })

  it('needs settings_services_edit_access', async () => {
    const ids = await hairOrder()
    const before = await allRows()
    // The specialist preset does not include editing services.
    expect((await sort({ category_id: hairId, ids: [...ids].reverse() }, cast.member)).statusCode).toBe(403)
    const withoutEdit = await addMember(server, companyId, {
      role: 'manager',
      overrides: { settings_services_edit_access: false },
    })
    expect((await sort({ category_id: hairId, ids: [...ids].reverse() }, withoutEdit.token)).statusCode).toBe(
      403,
    )
    expect(await allRows()).toEqual(before)
    const editor = await addMember(server, companyId, { overrides: { settings_services_edit_access: true } })
    expectOk(await sort({ category_id: hairId, ids: [...ids].reverse() }, editor.token), serviceListSchema)
    expect(await hairOrder()).toEqual([...ids].reverse())
  })

  it('keeps one whole order when sorts run at once', async () => {
    const ids = await hairOrder()
    const orders = Array.from({ length: 8 }, (_, index) =>
      [...ids].sort((a, b) => ((a * (index + 3)) % 7) - ((b * (index + 3)) % 7) || a - b),
    )
    const replies = await Promise.all(orders.map((order) => sort({ category_id: hairId, ids: order })))
    expect(replies.map((reply) => reply.statusCode)).toEqual(orders.map(() => 200))
    const after = (await list()).filter((service) => service.category_id === hairId)
    // One of the orders asked for, whole, numbered n..1 without ties or gaps.
    expect(orders).toContainEqual(after.map((service) => service.id))
    expect(after.map((service) => service.weight)).toEqual([5, 4, 3, 2, 1])
  })

  it('writes a moved entry for each service whose weight changed', async () => {
    const ids = await hairOrder()
    const since = (await server.db.select().from(auditLog)).length
    // Swapping the first two changes their weights only.
    expectOk(await sort({ category_id: hairId, ids: [ids[1], ids[0]] }), serviceListSchema)
    const rows = (
      await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, companyId), like(auditLog.action, 'service_%')))
        .orderBy(asc(auditLog.id))
    ).slice(-2)
    expect((await server.db.select().from(auditLog)).length).toBe(since + 2)
    expect(rows.map((row) => row.action)).toEqual(['service_moved', 'service_moved'])
    expect(rows.every((row) => row.actorUserId === cast.ownerId)).toBe(true)
    expect(rows.map((row) => row.details)).toEqual([
      { entity_id: ids[1], changes: { weight: 5 } },
      { entity_id: ids[0], changes: { weight: 4 } },
    ])
  })
})
