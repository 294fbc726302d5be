import { and, eq, like } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainServiceListSchema, chainServiceSchema } from '../../contract/chain-services/schemas'
import { serviceListSchema, serviceSchema } from '../../contract/services/schemas'
import { auditLog, chainServices, companyGroups, companyUsers, services } from '../../server/db/schema'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  expectInvalid,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

/** The chain's catalogue: chain services, their salons' copies, and who may change them. */
describe.each(testDatabases())('chain catalogue (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let groupId: number
  const url = (suffix = '') => `/chain/${groupId}/services${suffix}`

  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    const [group] = await server.db.select().from(companyGroups).where(eq(companyGroups.title, 'Beauty Line'))
    groupId = group!.id
  })
  afterAll(() => server.close())

  const list = async (token = demo.demoToken) =>
    expectOk(await call(server, 'GET', url(), { token }), chainServiceListSchema)
  const chainService = async (title: string) => (await list()).find((service) => service.title === title)!
  const salonService = async (companyId: number, serviceId: number) =>
    expectOk(
      await call(server, 'GET', `/services/${companyId}/${serviceId}`, { token: demo.demoToken }),
      serviceSchema,
    )
  const copyIn = (service: v.InferOutput<typeof chainServiceSchema>, salonId: number) =>
    service.salons.find((salon) => salon.salon_id === salonId)!
  const create = async (body: object) =>
    expectOk(await call(server, 'POST', url(), { token: demo.demoToken, body }), chainServiceSchema, 201)

  it("lists the demo chain's services with each salon's copy", async () => {
    const services = await list()
    expect(services.map((service) => service.title)).toEqual(['Blow-dry styling', "Women's haircut"])
    const haircut = services[1]!
    expect(haircut).toMatchObject({
      is_price_managed_only_in_chain: true,
      is_comment_managed_only_in_chain: false,
      price_min: 2500,
      price_max: 4000,
      salon_ids: [demo.tverskaya, demo.arbat],
    })
    const copy = await salonService(demo.tverskaya, copyIn(haircut, demo.tverskaya).service_id)
    expect(copy).toMatchObject({ title: "Women's haircut", salon_group_service_link: haircut.id })
  })

  it('propagates a save to every linked salon: the managed price, the chain range and the title', async () => {
    const haircut = await chainService("Women's haircut")
    const saved = expectOk(
      await call(server, 'PUT', url(`/${haircut.id}`), {
        token: demo.demoToken,
        body: { price_min: 3100, price_max: 3100, expected_version: haircut.version },
      }),
      chainServiceSchema,
    )
    expect(saved.version).toBe(haircut.version + 1)
    for (const salonId of [demo.tverskaya, demo.arbat]) {
      expect(copyIn(saved, salonId)).toMatchObject({ price_min: 3100, price_max: 3100 })
      const copy = await salonService(salonId, copyIn(saved, salonId).service_id)
      expect(copy).toMatchObject({
        price_min: 3100,
        price_max: 3100,
        chain_price_min: 3100,
        is_price_managed_only_in_chain: true,
      })
    }
  })

  it("moves a salon's own price into a narrowed range, and follows a chain-managed comment", async () => {
    const styling = await chainService('Blow-dry styling')
    const arbatCopy = copyIn(styling, demo.arbat)
    // Arbat charges 1800–2500 of its own; the chain narrows the range to 2000–2200.
    const saved = expectOk(
      await call(server, 'PUT', url(`/${styling.id}`), {
        token: demo.demoToken,
        body: { price_min: 2000, price_max: 2200, comment: 'New chain comment' },
      }),
      chainServiceSchema,
    )
    expect(copyIn(saved, demo.arbat)).toMatchObject({
      price_min: 2000,
      price_max: 2200,
      comment: 'New chain comment',
    })
    const copy = await salonService(demo.arbat, arbatCopy.service_id)
    expect(copy.comment).toBe('New chain comment')
    expect(copy.chain_details).toMatchObject({ comment: 'New chain comment', price_min: 2000 })
  })

  it('lets a salon neither change a chain-managed price nor leave the chain range', async () => {
    const haircut = await chainService("Women's haircut")
    const tverskayaCopy = copyIn(haircut, demo.tverskaya).service_id
    const put = (body: object) =>
      call(server, 'PUT', `/services/${demo.tverskaya}/${tverskayaCopy}`, { token: demo.demoToken, body })
    expectInvalid(await put({ price_min: 1000, price_max: 1000 }), ['price_min', 'price_max'])
    expectInvalid(await put({ is_price_managed_only_in_chain: false }), ['is_price_managed_only_in_chain'])
    expectInvalid(await put({ title: 'Our own haircut' }), ['title'])
    // Sending the price it already has, with other changes, saves.
    expectOk(
      await put({ price_min: haircut.price_min, price_max: haircut.price_max, weight: 3 }),
      serviceSchema,
    )

    const styling = await chainService('Blow-dry styling')
    const stylingCopy = copyIn(styling, demo.tverskaya).service_id
    const putStyling = (body: object) =>
      call(server, 'PUT', `/services/${demo.tverskaya}/${stylingCopy}`, { token: demo.demoToken, body })
    expectInvalid(await putStyling({ price_min: styling.price_max + 1, price_max: styling.price_max + 1 }), [
      'price_max',
      'price_min',
    ])
    expectInvalid(await putStyling({ comment: 'Our own words' }), ['comment'])
    const inRange = expectOk(
      await putStyling({ price_min: styling.price_min, price_max: styling.price_max }),
      serviceSchema,
    )
    expect([inRange.price_min, inRange.price_max]).toEqual([styling.price_min, styling.price_max])
  })

  it('refuses a save from an older copy with 409 and keeps the newer change', async () => {
    const styling = await chainService('Blow-dry styling')
    const first = await call(server, 'PUT', url(`/${styling.id}`), {
      token: demo.demoToken,
      body: { duration: 3000, expected_version: styling.version },
    })
    expect(first.statusCode).toBe(200)
    const second = await call(server, 'PUT', url(`/${styling.id}`), {
      token: demo.demoToken,
      body: { duration: 3600, expected_version: styling.version },
    })
    expect(second.statusCode).toBe(409)
    expect((await chainService('Blow-dry styling')).duration).toBe(3000)
  })

  it('validates the body with 422 and names the field', async () => {
    expectInvalid(
      await call(server, 'POST', url(), {
        token: demo.demoToken,
        body: { title: '', category_title: 'Hair', duration: 3600 },
      }),
      ['title'],
    )
    expectInvalid(
      await call(server, 'POST', url(), {
        token: demo.demoToken,
        body: { title: 'Range', category_title: 'Hair', duration: 3600, price_min: 500, price_max: 100 },
      }),
      ['price_max'],
    )
    expectInvalid(
      await call(server, 'POST', url(), {
        token: demo.demoToken,
        body: { title: 'Foreign', category_title: 'Hair', duration: 3600, salon_ids: [demo.northern] },
      }),
      ['salon_ids'],
    )
  })

  it('links a salon by creating its copy in a category of that title, and unlinking leaves its own service', async () => {
    const created = await create({
      title: 'Scalp ritual',
      category_title: 'Rituals',
      duration: 1800,
      price_min: 1000,
      price_max: 1500,
      comment: 'Chain ritual',
      salon_ids: [demo.tverskaya],
    })
    expect(created.salon_ids).toEqual([demo.tverskaya])
    const linked = expectOk(
      await call(server, 'PUT', url(`/${created.id}`), {
        token: demo.demoToken,
        body: { salon_ids: [demo.tverskaya, demo.arbat] },
      }),
      chainServiceSchema,
    )
    const arbatCopy = await salonService(demo.arbat, copyIn(linked, demo.arbat).service_id)
    expect(arbatCopy).toMatchObject({
      title: 'Scalp ritual',
      is_chain: true,
      duration: 1800,
      price_min: 1000,
      price_max: 1500,
      category: { title: 'Rituals' },
    })
    const tverskayaCopyId = copyIn(linked, demo.tverskaya).service_id
    const unlinked = expectOk(
      await call(server, 'PUT', url(`/${created.id}`), {
        token: demo.demoToken,
        body: { salon_ids: [demo.arbat], price_min: 1200, price_max: 1200 },
      }),
      chainServiceSchema,
    )
    expect(unlinked.salon_ids).toEqual([demo.arbat])
    const own = await salonService(demo.tverskaya, tverskayaCopyId)
    expect(own).toMatchObject({
      title: 'Scalp ritual',
      is_chain: false,
      salon_group_service_link: null,
      price_min: 1000,
      price_max: 1500,
    })
    // Deleting the chain service leaves Arbat's copy as Arbat's own service.
    const arbatCopyId = copyIn(unlinked, demo.arbat).service_id
    expectOk(await call(server, 'DELETE', url(`/${created.id}`), { token: demo.demoToken }), v.null())
    expect((await list()).map((service) => service.title)).not.toContain('Scalp ritual')
    expect(await salonService(demo.arbat, arbatCopyId)).toMatchObject({ is_chain: false, price_min: 1200 })
  })

  it('answers another chain, and another chain’s service, as missing', async () => {
    expect((await call(server, 'GET', url(), { token: demo.otherToken })).statusCode).toBe(404)
    expect(
      (
        await call(server, 'PUT', url(`/${(await chainService("Women's haircut")).id}`), {
          token: demo.otherToken,
          body: { title: 'Taken' },
        })
      ).statusCode,
    ).toBe(404)
    const [elsewhere] = await server.db.insert(companyGroups).values({ title: 'Elsewhere' }).returning()
    const [foreign] = await server.db
      .insert(chainServices)
      .values({ groupId: elsewhere!.id, title: 'Foreign', categoryTitle: 'X', duration: 3600 })
      .returning()
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(server, method, url(`/${foreign!.id}`), {
        token: demo.demoToken,
        ...(method === 'PUT' ? { body: { title: 'Mine now' } } : {}),
      })
      expect(response.statusCode, method).toBe(404)
    }
    expect(
      (await call(server, 'GET', `/chain/${elsewhere!.id}/services`, { token: demo.demoToken })).statusCode,
    ).toBe(404)
  })

  it('needs the flags in every salon the change touches; otherwise 403 and nothing changes', async () => {
    const haircut = await chainService("Women's haircut")
    // An owner of Tverskaya alone: the haircut also lives in Arbat.
    const tverskayaOnly = (await addMember(server, demo.tverskaya, { role: 'owner' })).token
    const refused = await call(server, 'PUT', url(`/${haircut.id}`), {
      token: tverskayaOnly,
      body: { title: 'Renamed haircut' },
    })
    expect(refused.statusCode).toBe(403)
    expect((await chainService("Women's haircut")).title).toBe("Women's haircut")

    // A member of both salons who may edit services but not prices changes the comment, not the price.
    const both = await addMember(server, demo.tverskaya, {
      role: 'owner',
      overrides: { settings_services_prices_edit_access: false },
    })
    await server.db.insert(companyUsers).values({
      companyId: demo.arbat,
      userId: both.userId,
      userRole: 'owner',
      accessOverrides: { settings_services_prices_edit_access: false },
    })
    const priceRefused = await call(server, 'PUT', url(`/${haircut.id}`), {
      token: both.token,
      body: { price_min: 100, price_max: 100 },
    })
    expect(priceRefused.statusCode).toBe(403)
    const tverskayaCopy = await salonService(demo.tverskaya, copyIn(haircut, demo.tverskaya).service_id)
    expect(tverskayaCopy.price_min).toBe(haircut.price_min)
    expectOk(
      await call(server, 'PUT', url(`/${haircut.id}`), {
        token: both.token,
        body: { comment: 'Washed and cut', price_min: haircut.price_min, price_max: haircut.price_max },
      }),
      chainServiceSchema,
    )
    // A specialist without service rights can read the catalogue but not add to it.
    const specialist = (await addMember(server, demo.arbat)).token
    expect((await list(specialist)).length).toBeGreaterThan(0)
    expect(
      (
        await call(server, 'POST', url(), {
          token: specialist,
          body: { title: 'Sneaky', category_title: 'Hair', duration: 3600 },
        })
      ).statusCode,
    ).toBe(403)
    expect((await list()).map((service) => service.title)).not.toContain('Sneaky')
  })

  it('writes an audit entry in every salon a change touches', async () => {
    const haircut = await chainService("Women's haircut")
    await call(server, 'PUT', url(`/${haircut.id}`), { token: demo.demoToken, body: { duration: 3900 } })
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(
        and(
          like(auditLog.action, 'chain_service_updated'),
          eq(auditLog.details, { entity_id: haircut.id, changes: { duration: 3900 } }),
        ),
      )
    expect(entries.map((entry) => entry.companyId).sort()).toEqual([demo.tverskaya, demo.arbat].sort())
  })

  it("keeps the salon's service list in step", async () => {
    const tverskaya = expectOk(
      await call(server, 'GET', `/services/${demo.tverskaya}/`, { token: demo.demoToken }),
      serviceListSchema,
    )
    const linked = await server.db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.companyId, demo.tverskaya), eq(services.deleted, 0)))
    expect(tverskaya).toHaveLength(linked.length)
  })
})
