import { and, desc, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { ErrorCode } from '../../contract/error-codes'
import { storageSchema, storagesSchema } from '../../contract/storages/schemas'
import { auditLog } from '../../server/db/schema'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  expectInvalid,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

describe.each(testDatabases())('storage writes (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
  })
  afterAll(() => server.close())

  const base = (company = demo.tverskaya) => `/storages/${company}/`
  const list = async (token = demo.demoToken, company = demo.tverskaya) =>
    expectOk(await call(server, 'GET', base(company), { token }), storagesSchema)
  const create = (body: unknown, token = demo.demoToken, company = demo.tverskaya) =>
    call(server, 'POST', base(company), { token, body })
  const put = (id: number, body: unknown, token = demo.demoToken) =>
    call(server, 'PUT', `${base()}${id}`, { token, body })
  const remove = (id: number, token = demo.demoToken, company = demo.tverskaya) =>
    call(server, 'DELETE', `${base(company)}${id}`, { token })

  it('creates, renames, retypes and deletes a storage, auditing each', async () => {
    const created = expectOk(await create({ title: ' Nail bar shelf ', type: 'goods' }), storageSchema, 201)
    expect(created).toEqual({ id: created.id, title: 'Nail bar shelf', type: 'goods', comment: '' })
    expect(
      expectOk(await put(created.id, { title: 'Nail bar', type: 'consumables' }), storageSchema),
    ).toMatchObject({ title: 'Nail bar', type: 'consumables' })
    expectOk(await remove(created.id), v.null())
    expect((await list()).some((storage) => storage.id === created.id)).toBe(false)
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, 'storage_%')))
      .orderBy(desc(auditLog.id))
    expect(audit.filter((row) => row.details.entity_id === created.id).map((row) => row.action)).toEqual([
      'storage_deleted',
      'storage_updated',
      'storage_created',
    ])
  })

  it('keeps the last storage of a company, and of two deletes at once only one goes', async () => {
    const [only] = await list(demo.demoToken, demo.arbat)
    const refused = await remove(only!.id, demo.demoToken, demo.arbat)
    expect(refused.statusCode).toBe(409)
    expect(json(refused).errors.code).toBe(ErrorCode.lastStorage)
    const second = expectOk(
      await create({ title: 'Back room', type: 'consumables' }, demo.demoToken, demo.arbat),
      storageSchema,
      201,
    )
    const replies = await Promise.all([
      remove(only!.id, demo.demoToken, demo.arbat),
      remove(second.id, demo.demoToken, demo.arbat),
    ])
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409])
    expect(await list(demo.demoToken, demo.arbat)).toHaveLength(1)
  })

  it('validates what it is sent and keeps titles unique regardless of case', async () => {
    expectInvalid(await create({}), ['title', 'type'])
    expectInvalid(await create({ title: 'Shelf', type: 'fridge' }), ['type'])
    expectInvalid(await create({ title: 'retail SHELF', type: 'goods' }), ['title'])
    const [first, second] = await list()
    expectInvalid(await put(second!.id, { title: first!.title }), ['title'])
    expectInvalid(await put(second!.id, {}), ['_'])
    expect((await put(999_999, { title: 'Ghost' })).statusCode).toBe(404)
    expect((await remove(999_999)).statusCode).toBe(404)
  })

  it('creates one storage when the same title is sent many times at once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => create({ title: 'Window display', type: 'goods' })),
    )
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 422, 422, 422, 422])
    expect((await list()).filter((storage) => storage.title === 'Window display')).toHaveLength(1)
  })

  it('needs storages_edit_access to change storages (an administrator only reads them)', async () => {
    const administrator = (await addMember(server, demo.tverskaya, { role: 'administrator' })).token
    const [first] = await list()
    expect((await list(administrator)).length).toBeGreaterThan(0)
    expect((await create({ title: 'Nope', type: 'goods' }, administrator)).statusCode).toBe(403)
    expect((await put(first!.id, { title: 'Nope' }, administrator)).statusCode).toBe(403)
    expect((await remove(first!.id, administrator)).statusCode).toBe(403)
  })
})
