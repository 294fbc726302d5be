import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceCategoryListSchema } from '../../contract/service-categories/schemas'
import { serviceSchema } from '../../contract/services/schemas'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import { call, expectOk, signInCast } from './business-api-helpers'

/** Two people (or two tabs) edit one service: the second save from an older copy is told, never lost silently. */
describe.each(testDatabases())('saving a service changed by someone else (%s)', (kind) => {
  let server: TestServer
  let token: string
  let companyId: number
  let categoryId: number

  beforeAll(async () => {
    server = await createTestServer(kind)
    const cast = await signInCast(server)
    token = cast.owner
    companyId = cast.ids.tverskaya.id
    const categories = expectOk(
      await call(server, 'GET', `/service_categories/${companyId}/`, { token }),
      serviceCategoryListSchema,
    )
    categoryId = categories[0]!.id
  })
  afterAll(() => server.close())

  const newService = async (title: string) =>
    expectOk(
      await call(server, 'POST', `/services/${companyId}/`, {
        token,
        body: { title, category_id: categoryId },
      }),
      serviceSchema,
      201,
    )
  const save = (id: number, body: object) =>
    call(server, 'PUT', `/services/${companyId}/${id}`, { token, body })
  const read = async (id: number) =>
    expectOk(await call(server, 'GET', `/services/${companyId}/${id}`, { token }), serviceSchema)

  it('counts every saved change in the version', async () => {
    const service = await newService('Versioned')
    expect(service.version).toBe(1)
    expectOk(await save(service.id, { comment: 'first' }), serviceSchema)
    expect((await read(service.id)).version).toBe(2)
  })

  it('refuses a save made from an older copy with 409, and keeps the newer change', async () => {
    const service = await newService('Two tabs')
    const first = await save(service.id, { title: 'Changed in tab one', expected_version: service.version })
    expect(first.statusCode).toBe(200)
    const second = await save(service.id, { title: 'Changed in tab two', expected_version: service.version })
    expect(second.statusCode).toBe(409)
    expect((await read(service.id)).title).toBe('Changed in tab one')
    // Saving again from the newer copy is accepted.
    const again = await save(service.id, {
      title: 'Changed in tab two',
      expected_version: service.version! + 1,
    })
    expect(again.statusCode).toBe(200)
    expect((await read(service.id)).title).toBe('Changed in tab two')
  })

  it('lets exactly one of twenty saves from the same copy through when they arrive together', async () => {
    const service = await newService('Race')
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        save(service.id, { title: `Racer ${index}`, expected_version: service.version }),
      ),
    )
    const statuses = replies.map((reply) => reply.statusCode).sort()
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status === 409)).toHaveLength(19)
    const winner = replies.findIndex((reply) => reply.statusCode === 200)
    expect(await read(service.id)).toMatchObject({ title: `Racer ${winner}`, version: 2 })
  })

  it('saves without a version as before (the last save wins), for callers that do not ask', async () => {
    const service = await newService('No version')
    expect((await save(service.id, { title: 'A' })).statusCode).toBe(200)
    expect((await save(service.id, { title: 'B' })).statusCode).toBe(200)
    expect((await read(service.id)).title).toBe('B')
  })
})
