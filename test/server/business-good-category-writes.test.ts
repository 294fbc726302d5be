import { and, desc, eq, like } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { goodCategoriesSchema, goodCategorySchema, type GoodCategory } from '../../contract/goods/schemas'
import { auditLog, goodCategories } from '../../server/db/schema'
import {
  createTestServer,
  json,
  signIn,
  SPECIALIST,
  testDatabases,
  type TestServer,
} from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  expectInvalid,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

describe.each(testDatabases())('goods category writes (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let specialist: string
  let administrator: string
  let ownerId: number
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    specialist = (await signIn(server.app, SPECIALIST.email, SPECIALIST.password)).access_token
    administrator = (await addMember(server, demo.tverskaya, { role: 'administrator' })).token
    ownerId = (await signIn(server.app)).user.id
  })
  afterAll(() => server.close())

  const url = (rest = '', company = demo.tverskaya) => `/companies/${company}/good_categories${rest}`
  const create = (title: string, parent = 0, token = demo.demoToken, company = demo.tverskaya) =>
    call(server, 'POST', url('', company), { token, body: { title, parent_category_id: parent } })
  const created = async (title: string, parent = 0) =>
    expectOk(await create(title, parent), goodCategorySchema, 201)
  const put = (id: number, body: unknown, token = demo.demoToken) =>
    call(server, 'PUT', url(`/${id}`), { token, body })
  const remove = (id: number, token = demo.demoToken) => call(server, 'DELETE', url(`/${id}`), { token })
  const all = async (company = demo.tverskaya, token = demo.demoToken) =>
    expectOk(await call(server, 'GET', url('', company), { token }), goodCategoriesSchema)
  const one = async (id: number) =>
    expectOk(
      await call(server, 'GET', url(`/${id}?include=child_categories`), { token: demo.demoToken }),
      goodCategorySchema,
    )
  const auditOf = (entityId: number) =>
    server.db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, 'good_category_%')))
      .orderBy(desc(auditLog.id))
      .then((rows) => rows.filter((row) => row.details.entity_id === entityId))

  /** Every category reaches the top level by its parents: the tree holds no loop. */
  const expectNoLoop = (categories: GoodCategory[]) => {
    const parentOf = new Map(categories.map((category) => [category.id, category.parent_category_id]))
    for (const category of categories) {
      let current = category.parent_category_id
      for (let steps = 0; current !== 0; steps += 1) {
        expect(steps, `category ${category.id} is in a loop`).toBeLessThan(categories.length)
        current = parentOf.get(current)!
        expect(current, `category ${category.id} has a missing ancestor`).toBeDefined()
      }
    }
  }

  it('creates a top-level category and one inside it, each after its siblings, and audits both', async () => {
    const before = await all()
    const root = await created('  Skin care  ')
    expect(root).toMatchObject({ title: 'Skin care', parent_category_id: 0 })
    expect(root.weight).toBeGreaterThan(
      Math.max(...before.filter((c) => c.parent_category_id === 0).map((c) => c.weight)),
    )
    const child = await created('Creams', root.id)
    expect(child).toMatchObject({ title: 'Creams', parent_category_id: root.id, weight: 0 })
    const second = await created('Masks', root.id)
    expect(second.weight).toBe(1)
    expect((await one(root.id)).child_categories?.map((c) => c.title)).toEqual(['Creams', 'Masks'])
    // Without a parent, a category goes to the top level.
    const plain = expectOk(
      await call(server, 'POST', url(), { token: demo.demoToken, body: { title: 'Gift sets' } }),
      goodCategorySchema,
      201,
    )
    expect(plain.parent_category_id).toBe(0)

    const [entry] = await auditOf(child.id)
    expect(entry).toMatchObject({
      companyId: demo.tverskaya,
      actorUserId: ownerId,
      action: 'good_category_created',
      details: { entity_id: child.id, changes: { title: 'Creams', parent_category_id: root.id } },
    })
  })

  it('renames and moves, each audited, and moves back to the top level', async () => {
    const first = await created('Hair tools')
    const second = await created('Styling')
    const moved = expectOk(await put(second.id, { parent_category_id: first.id }), goodCategorySchema)
    expect(moved).toMatchObject({ id: second.id, parent_category_id: first.id, title: 'Styling' })
    const renamed = expectOk(await put(second.id, { title: 'Styling tools' }), goodCategorySchema)
    expect(renamed).toMatchObject({ title: 'Styling tools', parent_category_id: first.id })
    const both = expectOk(
      await put(second.id, { title: 'Brushes', parent_category_id: 0 }),
      goodCategorySchema,
    )
    expect(both).toMatchObject({ title: 'Brushes', parent_category_id: 0 })
    // Naming the parent it already has moves nothing: a rename.
    expectOk(await put(second.id, { parent_category_id: 0 }), goodCategorySchema)

    const actions = (await auditOf(second.id)).map((row) => [row.action, row.details.changes])
    expect(actions).toEqual([
      ['good_category_updated', { parent_category_id: 0 }],
      ['good_category_moved', { title: 'Brushes', parent_category_id: 0 }],
      ['good_category_updated', { title: 'Styling tools' }],
      ['good_category_moved', { parent_category_id: first.id }],
      ['good_category_created', { title: 'Styling', parent_category_id: 0 }],
    ])
  })

  it('refuses a move under the category itself or any of its subcategories, changing nothing', async () => {
    const top = await created('Top')
    const middle = await created('Middle', top.id)
    const bottom = await created('Bottom', middle.id)
    const before = await all()
    for (const parent of [top.id, middle.id, bottom.id]) {
      expectInvalid(await put(top.id, { parent_category_id: parent }), ['parent_category_id'])
    }
    expectInvalid(await put(middle.id, { parent_category_id: bottom.id }), ['parent_category_id'])
    expectInvalid(await put(middle.id, { title: 'Renamed', parent_category_id: middle.id }), [
      'parent_category_id',
    ])
    expect(await all()).toEqual(before)
    expect((await auditOf(top.id)).map((row) => row.action)).toEqual(['good_category_created'])
  })

  it('never lets two moves at once close a loop: one of them is refused', async () => {
    for (let round = 0; round < 8; round += 1) {
      const a = await created(`Race A${round}`)
      const b = await created(`Race B${round}`)
      const replies = await Promise.all([
        put(a.id, { parent_category_id: b.id }),
        put(b.id, { parent_category_id: a.id }),
      ])
      expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 422])
      expectNoLoop(await all())
    }
    // Three moves that close a ring of three.
    for (let round = 0; round < 4; round += 1) {
      const ring = [
        await created(`Ring ${round}a`),
        await created(`Ring ${round}b`),
        await created(`Ring ${round}c`),
      ]
      const replies = await Promise.all(
        ring.map((category, index) => put(category.id, { parent_category_id: ring[(index + 1) % 3]!.id })),
      )
      expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(2)
      expect(replies.filter((reply) => reply.statusCode === 422)).toHaveLength(1)
      expectNoLoop(await all())
    }
  })

  it('refuses a parent of another company or none at all, on create and on move', async () => {
    const foreign = (await all(demo.northern, demo.otherToken))[0]!
    const own = await created('Own')
    const before = await all()
    expectInvalid(await create('Sneaked', foreign.id), ['parent_category_id'])
    expectInvalid(await create('Sneaked', 999_999), ['parent_category_id'])
    expectInvalid(await put(own.id, { parent_category_id: foreign.id }), ['parent_category_id'])
    expect(await all()).toEqual(before)
    expect(await all(demo.northern, demo.otherToken)).toContainEqual(foreign)
  })

  it('deletes an empty category and refuses one that holds subcategories or goods, saying which', async () => {
    const roots = (await all()).filter((category) => category.parent_category_id === 0)
    const hairCare = roots.find((category) => category.title === 'Hair care')!
    const held = await remove(hairCare.id)
    expect(held.statusCode).toBe(409)
    expect(json(held).meta.message).toBe(
      'The category still holds 2 subcategories; move or delete them first',
    )
    const shampoos = (await one(hairCare.id)).child_categories!.find((c) => c.title === 'Shampoos')!
    const withGoods = await remove(shampoos.id)
    expect(withGoods.statusCode).toBe(409)
    expect(json(withGoods).meta.message).toBe('The category still holds 2 goods; move or delete them first')

    const parent = await created('Parent')
    const child = await created('Child', parent.id)
    expect(json(await remove(parent.id)).meta.message).toBe(
      'The category still holds 1 subcategory; move or delete them first',
    )
    expectOk(await remove(child.id), v.null())
    expectOk(await remove(parent.id), v.null())
    expect((await all()).map((category) => category.id)).not.toContain(parent.id)
    expect((await remove(parent.id)).statusCode).toBe(404)
    expect((await put(parent.id, { title: 'Back' })).statusCode).toBe(404)
    const [entry] = await auditOf(parent.id)
    expect(entry).toMatchObject({
      action: 'good_category_deleted',
      actorUserId: ownerId,
      details: { entity_id: parent.id, changes: { title: 'Parent', parent_category_id: 0 } },
    })
  })

  it('keeps the names of categories side by side their own, even when created at once', async () => {
    const shelf = await created('Shelf A')
    const replies = await Promise.all(Array.from({ length: 4 }, () => create('Masks', shelf.id)))
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 422, 422, 422])
    for (const reply of replies.filter((r) => r.statusCode === 422)) expectInvalid(reply, ['title'])
    expectInvalid(await create('MASKS', shelf.id), ['title'])
    // The same name at another level, and a move that would put two side by side.
    const topMasks = await created('Masks')
    expectInvalid(await put(topMasks.id, { parent_category_id: shelf.id }), ['title'])
    expectInvalid(await put(shelf.id, { title: 'masks' }), ['title'])
  })

  it('answers each invalid field', async () => {
    const own = await created('Valid')
    expectInvalid(
      await call(server, 'POST', url(), {
        token: demo.demoToken,
        body: { title: '  ', parent_category_id: -1 },
      }),
      ['title', 'parent_category_id'],
    )
    expectInvalid(await create('x'.repeat(256)), ['title'])
    expectInvalid(
      await call(server, 'POST', url(), { token: demo.demoToken, body: { parent_category_id: '1' } }),
      ['title', 'parent_category_id'],
    )
    expectInvalid(await put(own.id, {}), ['_'])
    expectInvalid(await put(own.id, { title: '' }), ['title'])
    expectInvalid(await put(own.id, { parent_category_id: 1.5 }), ['parent_category_id'])
    expectInvalid(await call(server, 'PUT', url('/abc'), { token: demo.demoToken, body: { title: 'A' } }), [
      'categoryId',
    ])
    expectInvalid(await call(server, 'DELETE', url('/0'), { token: demo.demoToken }), ['categoryId'])
    expect(await one(own.id)).toMatchObject({ title: 'Valid', parent_category_id: 0 })
  })

  it('refuses every write to members without the categories right (the specialist, an administrator)', async () => {
    const own = await created('Guarded')
    const before = await all()
    for (const token of [specialist, administrator]) {
      const replies = [
        await create('Sneaked', 0, token),
        await put(own.id, { title: 'Renamed' }, token),
        await put(own.id, { parent_category_id: before[0]!.id }, token),
        await remove(own.id, token),
      ]
      expect(replies.map((reply) => reply.statusCode)).toEqual([403, 403, 403, 403])
    }
    // The administrator still reads the tree; the specialist does not even do that.
    expect((await call(server, 'GET', url(), { token: administrator })).statusCode).toBe(200)
    expect((await call(server, 'GET', url(), { token: specialist })).statusCode).toBe(403)
    expect(await all()).toEqual(before)
  })

  it('keeps companies apart: another company’s categories answer 404 and stay as they were', async () => {
    const foreignBefore = await all(demo.northern, demo.otherToken)
    const foreign = foreignBefore[0]!
    const ownBefore = await all()
    // Through one's own company, with the other company's category id.
    expect((await put(foreign.id, { title: 'Taken over' })).statusCode).toBe(404)
    expect((await put(foreign.id, { parent_category_id: ownBefore[0]!.id })).statusCode).toBe(404)
    expect((await remove(foreign.id)).statusCode).toBe(404)
    // The other owner, through this company's path.
    const own = ownBefore.find((category) => category.title === 'Own')!
    const replies = [
      await create('Sneaked', 0, demo.otherToken),
      await put(own.id, { title: 'Taken over' }, demo.otherToken),
      await remove(own.id, demo.otherToken),
    ]
    expect(replies.map((reply) => reply.statusCode)).toEqual([404, 404, 404])
    expect(replies.every((reply) => json(reply).data === null)).toBe(true)
    expect(await all(demo.northern, demo.otherToken)).toEqual(foreignBefore)
    expect(await all()).toEqual(ownBefore)
    const foreignAudit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, demo.northern), like(auditLog.action, 'good_category_%')))
    expect(foreignAudit).toEqual([])
    const [row] = await server.db.select().from(goodCategories).where(eq(goodCategories.id, foreign.id))
    expect(row!.title).toBe(foreign.title)
  })
})
