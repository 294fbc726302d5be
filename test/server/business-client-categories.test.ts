import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import {
  clientCategoriesMetaSchema,
  clientCategoriesSchema,
  clientCategorySchema,
} from '../../contract/client-categories/schemas'
import { like } from 'drizzle-orm'
import { auditLog, clientCategories } from '../../server/db/schema'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  invalidFields,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

describe.each(testDatabases())('client categories (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let specialist: string
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    specialist = (await addMember(server, demo.tverskaya)).token
  })
  afterAll(() => server.close())

  const list = (companyId: number, query = '', token = demo.demoToken) =>
    call(server, 'GET', `/labels/${companyId}/clients${query}`, { token })
  const create = (companyId: number, body: unknown, token = demo.demoToken) =>
    call(server, 'POST', `/labels/${companyId}/clients/create`, { token, body })

  it('lists the first page alphabetically with the paging facts in meta', async () => {
    const response = await list(demo.tverskaya)
    expect(expectOk(response, clientCategoriesSchema).map((category) => category.title)).toEqual([
      'New client',
      'Regular',
      'VIP',
      'Wedding party',
    ])
    expect(v.parse(clientCategoriesMetaSchema, json(response).meta)).toEqual({
      page: 1,
      per_page: 25,
      total: 4,
    })
  })

  it('searches by term (case-insensitive, wildcards taken literally) and pages', async () => {
    expect(
      expectOk(await list(demo.tverskaya, '?term=vi'), clientCategoriesSchema).map((c) => c.title),
    ).toEqual(['VIP'])
    expect(expectOk(await list(demo.tverskaya, '?term=%25'), clientCategoriesSchema)).toEqual([])
    await server.db.insert(clientCategories).values(
      Array.from({ length: 30 }, (_, index) => ({
        companyId: demo.arbat,
        title: `Group ${String(index).padStart(2, '0')}`,
        color: '#000000',
      })),
    )
    const second = await list(demo.arbat, '?page=2&term=group')
    expect(expectOk(second, clientCategoriesSchema).map((c) => c.title)).toEqual([
      'Group 25',
      'Group 26',
      'Group 27',
      'Group 28',
      'Group 29',
    ])
    expect(json(second).meta).toEqual({ page: 2, per_page: 25, total: 30 })
  })

  it('validates the query', async () => {
    expect(invalidFields(await list(demo.tverskaya, '?page=0'))).toEqual(['page'])
    expect(invalidFields(await list(demo.tverskaya, '?page=x'))).toEqual(['page'])
    expect(invalidFields(await list(demo.tverskaya, `?term=${'a'.repeat(101)}`))).toEqual(['term'])
  })

  it('creates a category, with a default colour', async () => {
    const created = expectOk(
      await create(demo.northern, { title: '  Regular  ' }, demo.otherToken),
      clientCategorySchema,
      201,
    )
    expect(created).toEqual({ id: expect.any(Number), title: 'Regular', color: '#7a869a' })
    const coloured = expectOk(
      await create(demo.northern, { title: 'Gold', color: '#FFD700' }, demo.otherToken),
      clientCategorySchema,
      201,
    )
    expect(coloured.color).toBe('#FFD700')
  })

  it('validates a new category and creates nothing', async () => {
    const before = json(await list(demo.tverskaya)).meta.total
    expect(invalidFields(await create(demo.tverskaya, {}))).toEqual(['title'])
    expect(invalidFields(await create(demo.tverskaya, { title: ' ' }))).toEqual(['title'])
    expect(invalidFields(await create(demo.tverskaya, { title: 'x'.repeat(61) }))).toEqual(['title'])
    expect(invalidFields(await create(demo.tverskaya, { title: 'Ok', color: 'red' }))).toEqual(['color'])
    expect(invalidFields(await create(demo.tverskaya, { title: 'vip' }))).toEqual(['title'])
    expect(json(await list(demo.tverskaya)).meta.total).toBe(before)
  })

  it('creates one category when the same title is sent many times at once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => create(demo.tverskaya, { title: 'Loyal' })),
    )
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 422, 422, 422, 422])
    expect(expectOk(await list(demo.tverskaya, '?term=loyal'), clientCategoriesSchema)).toHaveLength(1)
  })

  const put = (id: number, body: unknown, token = demo.demoToken, companyId = demo.tverskaya) =>
    call(server, 'PUT', `/labels/${companyId}/clients/${id}`, { token, body })
  const remove = (id: number, token = demo.demoToken, companyId = demo.tverskaya) =>
    call(server, 'DELETE', `/labels/${companyId}/clients/${id}`, { token })

  it('renames, recolours and deletes a category, auditing each', async () => {
    const created = expectOk(await create(demo.tverskaya, { title: 'Students' }), clientCategorySchema, 201)
    expect(
      expectOk(await put(created.id, { title: ' Students 18+ ', color: '#112233' }), clientCategorySchema),
    ).toEqual({ id: created.id, title: 'Students 18+', color: '#112233' })
    expectOk(await remove(created.id), v.null())
    expect(expectOk(await list(demo.tverskaya, '?term=students'), clientCategoriesSchema)).toEqual([])
    const audit = await server.db.select().from(auditLog).where(like(auditLog.action, 'client_category_%'))
    expect(audit.filter((row) => row.details.entity_id === created.id).map((row) => row.action)).toEqual([
      'client_category_created',
      'client_category_updated',
      'client_category_deleted',
    ])
  })

  it('validates a change: a taken title, nothing to change, a bad colour, a missing category', async () => {
    const [regular] = expectOk(await list(demo.tverskaya, '?term=regular'), clientCategoriesSchema)
    expect(invalidFields(await put(regular!.id, { title: 'VIP' }))).toEqual(['title'])
    expect(invalidFields(await put(regular!.id, {}))).toEqual(['_'])
    expect(invalidFields(await put(regular!.id, { color: 'blue' }))).toEqual(['color'])
    expect((await put(999_999, { title: 'Ghost' })).statusCode).toBe(404)
    expect((await remove(999_999)).statusCode).toBe(404)
    // A category of another company is not found through one's own company.
    const foreign = expectOk(await list(demo.northern, '', demo.otherToken), clientCategoriesSchema)[0]!
    expect((await put(foreign.id, { title: 'Mine' }, demo.otherToken, demo.northern)).statusCode).toBe(200)
    expect((await remove(foreign.id)).statusCode).toBe(404)
  })

  it('needs the client-category rights', async () => {
    expect((await list(demo.tverskaya, '', specialist)).statusCode).toBe(403)
    expect((await create(demo.tverskaya, { title: 'Nope' }, specialist)).statusCode).toBe(403)
    const reader = (
      await addMember(server, demo.tverskaya, { overrides: { client_categories_access: true } })
    ).token
    expect((await list(demo.tverskaya, '', reader)).statusCode).toBe(200)
    expect((await create(demo.tverskaya, { title: 'Nope' }, reader)).statusCode).toBe(403)
    const [first] = expectOk(await list(demo.tverskaya), clientCategoriesSchema)
    expect((await put(first!.id, { title: 'Nope' }, reader)).statusCode).toBe(403)
    expect((await remove(first!.id, reader)).statusCode).toBe(403)
  })
})
