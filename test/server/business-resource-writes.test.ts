import { and, desc, eq, like } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  freeResourcesSchema,
  resourceInstanceSchema,
  resourceInstancesSchema,
  resourcesSchema,
  resourceWithServicesSchema,
} from '../../contract/resources/schemas'
import { serviceListSchema } from '../../contract/services/schemas'
import { auditLog, resourceInstances, services } from '../../server/db/schema'
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

describe.each(testDatabases())('resource writes (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let specialist: string
  let reader: string
  let ownerId: number
  let manicure: number
  let gel: number
  let haircut: number
  let foreignService: number
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    specialist = (await signIn(server.app, SPECIALIST.email, SPECIALIST.password)).access_token
    // A member who may look at resources but not change them.
    reader = (await addMember(server, demo.tverskaya, { overrides: { settings_resources_access: true } }))
      .token
    ownerId = (await signIn(server.app)).user.id
    const serviceId = async (companyId: number, title: string) =>
      (
        await server.db
          .select({ id: services.id })
          .from(services)
          .where(and(eq(services.companyId, companyId), eq(services.title, title)))
      )[0]!.id
    manicure = await serviceId(demo.tverskaya, 'Classic manicure')
    gel = await serviceId(demo.tverskaya, 'Gel polish manicure')
    haircut = await serviceId(demo.tverskaya, "Men's haircut")
    foreignService = await serviceId(demo.northern, 'Beard trim')
  })
  afterAll(() => server.close())

  const resourcesUrl = (rest = '', company = demo.tverskaya) => `/resources/${company}${rest}`
  const instancesUrl = (rest = '', company = demo.tverskaya) =>
    `/company/${company}/resource_instances${rest}`
  const listResources = async (company = demo.tverskaya, token = demo.demoToken) =>
    expectOk(await call(server, 'GET', resourcesUrl('', company), { token }), resourcesSchema)
  const listInstances = async (company = demo.tverskaya, token = demo.demoToken) =>
    expectOk(await call(server, 'GET', instancesUrl('', company), { token }), resourceInstancesSchema)
  const createResource = (body: unknown, token = demo.demoToken) =>
    call(server, 'POST', resourcesUrl(), { token, body })
  const createdResource = async (body: unknown) =>
    expectOk(await createResource(body), resourceWithServicesSchema, 201)
  const createInstance = (body: unknown, token = demo.demoToken) =>
    call(server, 'POST', instancesUrl(), { token, body })
  const createdInstance = async (resourceId: number, title: string) =>
    expectOk(await createInstance({ resource_id: resourceId, title }), resourceInstanceSchema, 201)
  const auditRows = (entity: string, entityId: number) =>
    server.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, `${entity}_%`))
      .orderBy(desc(auditLog.id))
      .then((rows) => rows.filter((row) => row.details.entity_id === entityId))
  const snapshot = async () => ({ resources: await listResources(), instances: await listInstances() })

  it('lists resources with the services that need them, and instances with their bookings', async () => {
    const list = await listResources()
    expect(list.map((resource) => [resource.title, resource.service_ids])).toEqual([
      ['Manicure table', [manicure, gel].sort((a, b) => a - b)],
      ['Colouring room', expect.any(Array)],
    ])
    const instances = await listInstances()
    // The demo books the first instance once (today).
    expect(instances.map((instance) => [instance.title, instance.bookings_count])).toEqual([
      ['Table 1', 1],
      ['Table 2', 0],
      ['Room A', 0],
    ])
  })

  it('creates a resource for some services, changes it and its services, each audited', async () => {
    const resource = await createdResource({
      title: '  Pedicure chair ',
      service_ids: [gel, manicure, gel],
    })
    expect(resource).toMatchObject({
      title: 'Pedicure chair',
      description: '',
      service_ids: [manicure, gel].sort((a, b) => a - b),
    })
    const changed = expectOk(
      await call(server, 'PUT', resourcesUrl(`/${resource.id}`), {
        token: demo.demoToken,
        body: { title: 'Spa chair', description: 'By the window', service_ids: [haircut] },
      }),
      resourceWithServicesSchema,
    )
    expect(changed).toEqual({
      id: resource.id,
      title: 'Spa chair',
      description: 'By the window',
      service_ids: [haircut],
    })
    // The service menu shows the link too.
    const menu = expectOk(
      await call(server, 'GET', `/services/${demo.tverskaya}/`, { token: demo.demoToken }),
      serviceListSchema,
    )
    expect(menu.find((service) => service.id === haircut)?.resources).toContain(resource.id)
    expect(menu.find((service) => service.id === gel)?.resources).not.toContain(resource.id)
    // Only the title: the services stay.
    const renamed = expectOk(
      await call(server, 'PUT', resourcesUrl(`/${resource.id}`), {
        token: demo.demoToken,
        body: { title: 'Spa chair 2' },
      }),
      resourceWithServicesSchema,
    )
    expect(renamed.service_ids).toEqual([haircut])

    const entries = await auditRows('resource', resource.id)
    expect(entries.map((row) => [row.action, row.details.changes])).toEqual([
      ['resource_updated', { title: 'Spa chair 2' }],
      ['resource_updated', { title: 'Spa chair', description: 'By the window', service_ids: [haircut] }],
      ['resource_created', { title: 'Pedicure chair', description: '', service_ids: [gel, manicure] }],
    ])
    expect(entries.every((row) => row.actorUserId === ownerId && row.companyId === demo.tverskaya)).toBe(true)
  })

  it('creates, renames and deletes instances, audited; the free check sees the new ones', async () => {
    const resource = await createdResource({ title: 'Steamer', service_ids: [haircut] })
    const first = await createdInstance(resource.id, ' Steamer 1 ')
    const second = await createdInstance(resource.id, 'Steamer 2')
    expect(first).toEqual({ id: first.id, resource_id: resource.id, title: 'Steamer 1', bookings_count: 0 })
    const renamed = expectOk(
      await call(server, 'PUT', instancesUrl(`/${second.id}`), {
        token: demo.demoToken,
        body: { title: 'Steamer B' },
      }),
      resourceInstanceSchema,
    )
    expect(renamed.title).toBe('Steamer B')
    const free = expectOk(
      await call(server, 'POST', '/resource_instances/loadFreeResourceInstances', {
        token: demo.demoToken,
        body: {
          salon_id: demo.tverskaya,
          service_id: haircut,
          length: 1800,
          datetime: '2031-05-05T12:00:00',
        },
      }),
      freeResourcesSchema,
    )
    // The other resource linked to the haircut above is listed too; this one has both instances free.
    expect(free.find((entry) => entry.resource_id === resource.id)).toEqual({
      resource_id: resource.id,
      title: 'Steamer',
      free_instances: [
        { id: first.id, title: 'Steamer 1' },
        { id: second.id, title: 'Steamer B' },
      ],
    })
    expectOk(await call(server, 'DELETE', instancesUrl(`/${first.id}`), { token: demo.demoToken }), v.null())
    expect((await listInstances()).map((instance) => instance.id)).not.toContain(first.id)
    expect(
      (await call(server, 'DELETE', instancesUrl(`/${first.id}`), { token: demo.demoToken })).statusCode,
    ).toBe(404)
    expect(
      (await auditRows('resource_instance', first.id)).map((row) => [row.action, row.details.changes]),
    ).toEqual([
      ['resource_instance_deleted', { title: 'Steamer 1', resource_id: resource.id }],
      ['resource_instance_created', { resource_id: resource.id, title: 'Steamer 1' }],
    ])
    expect((await auditRows('resource_instance', second.id)).map((row) => row.action)).toEqual([
      'resource_instance_updated',
      'resource_instance_created',
    ])
  })

  it('deletes a resource with its instances and service links when no booking holds them', async () => {
    const resource = await createdResource({ title: 'Sauna', service_ids: [manicure] })
    const instance = await createdInstance(resource.id, 'Sauna 1')
    expectOk(
      await call(server, 'DELETE', resourcesUrl(`/${resource.id}`), { token: demo.demoToken }),
      v.null(),
    )
    expect((await listResources()).map((row) => row.id)).not.toContain(resource.id)
    expect((await listInstances()).map((row) => row.id)).not.toContain(instance.id)
    const menu = expectOk(
      await call(server, 'GET', `/services/${demo.tverskaya}/`, { token: demo.demoToken }),
      serviceListSchema,
    )
    expect(menu.find((service) => service.id === manicure)?.resources).not.toContain(resource.id)
    expect((await auditRows('resource', resource.id))[0]).toMatchObject({
      action: 'resource_deleted',
      details: { entity_id: resource.id, changes: { title: 'Sauna' } },
    })
    expect(
      (await call(server, 'DELETE', resourcesUrl(`/${resource.id}`), { token: demo.demoToken })).statusCode,
    ).toBe(404)
  })

  it('refuses to delete what a booking holds, with the count, and changes nothing', async () => {
    const before = await snapshot()
    const table = before.resources.find((resource) => resource.title === 'Manicure table')!
    const booked = before.instances.find((instance) => instance.title === 'Table 1')!
    const instanceReply = await call(server, 'DELETE', instancesUrl(`/${booked.id}`), {
      token: demo.demoToken,
    })
    expect(instanceReply.statusCode).toBe(409)
    expect(json(instanceReply).meta.message).toBe(
      'The instance has 1 booking; it cannot be deleted while records use it',
    )
    const resourceReply = await call(server, 'DELETE', resourcesUrl(`/${table.id}`), {
      token: demo.demoToken,
    })
    expect(resourceReply.statusCode).toBe(409)
    expect(json(resourceReply).meta.message).toBe(
      'The resource has 1 booking; it cannot be deleted while records use it',
    )
    expect(await snapshot()).toEqual(before)
    expect(await auditRows('resource', table.id)).toEqual([])
  })

  it('keeps one resource of a name per company and one instance of a name per resource, even when created at once', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => createResource({ title: 'Laser room' })),
    )
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 422, 422, 422, 422])
    for (const reply of replies.filter((r) => r.statusCode === 422)) expectInvalid(reply, ['title'])
    expectInvalid(await createResource({ title: 'LASER ROOM' }), ['title'])
    const laser = (await listResources()).find((resource) => resource.title === 'Laser room')!
    const other = await createdResource({ title: 'Steam room' })
    expectInvalid(
      await call(server, 'PUT', resourcesUrl(`/${other.id}`), {
        token: demo.demoToken,
        body: { title: 'laser room' },
      }),
      ['title'],
    )
    const first = await createdInstance(laser.id, 'Unit 1')
    expectInvalid(await createInstance({ resource_id: laser.id, title: 'unit 1' }), ['title'])
    const second = await createdInstance(laser.id, 'Unit 2')
    expectInvalid(
      await call(server, 'PUT', instancesUrl(`/${second.id}`), {
        token: demo.demoToken,
        body: { title: 'Unit 1' },
      }),
      ['title'],
    )
    // Another resource may have its own "Unit 1".
    expect((await createInstance({ resource_id: other.id, title: 'Unit 1' })).statusCode).toBe(201)
    expect(first.title).toBe('Unit 1')
  })

  it('answers each invalid field', async () => {
    const resource = await createdResource({ title: 'Valid' })
    const before = await snapshot()
    expectInvalid(await createResource({ title: ' ', service_ids: 'all' }), ['title', 'service_ids'])
    expectInvalid(await createResource({ title: 'x'.repeat(256), description: 5 }), ['title', 'description'])
    expectInvalid(await createResource({ title: 'Foreign', service_ids: [foreignService] }), ['service_ids'])
    expectInvalid(await createResource({ title: 'Missing', service_ids: [999_999] }), ['service_ids'])
    expectInvalid(await createResource({ title: 'Zero', service_ids: [0] }), ['service_ids.0'])
    const put = (body: unknown) =>
      call(server, 'PUT', resourcesUrl(`/${resource.id}`), { token: demo.demoToken, body })
    expectInvalid(await put({}), ['_'])
    expectInvalid(await put({ service_ids: [foreignService] }), ['service_ids'])
    expectInvalid(await put({ title: '' }), ['title'])
    expectInvalid(
      await call(server, 'PUT', resourcesUrl('/abc'), { token: demo.demoToken, body: { title: 'A' } }),
      ['resourceId'],
    )
    expectInvalid(await createInstance({ title: ' ' }), ['resource_id', 'title'])
    expectInvalid(await createInstance({ resource_id: '1', title: 'A' }), ['resource_id'])
    expectInvalid(await createInstance({ resource_id: 999_999, title: 'A' }), ['resource_id'])
    expectInvalid(
      await call(server, 'PUT', instancesUrl('/1'), { token: demo.demoToken, body: { title: null } }),
      ['title'],
    )
    expectInvalid(await call(server, 'DELETE', instancesUrl('/x'), { token: demo.demoToken }), ['instanceId'])
    expect(await snapshot()).toEqual(before)
  })

  it('refuses every write without the resources edit right (the specialist, a reader), changing nothing', async () => {
    const before = await snapshot()
    const resource = before.resources[0]!
    const instance = before.instances[1]!
    for (const token of [specialist, reader]) {
      const replies = [
        await createResource({ title: 'Sneaked' }, token),
        await call(server, 'PUT', resourcesUrl(`/${resource.id}`), { token, body: { title: 'Renamed' } }),
        await call(server, 'DELETE', resourcesUrl(`/${resource.id}`), { token }),
        await createInstance({ resource_id: resource.id, title: 'Sneaked' }, token),
        await call(server, 'PUT', instancesUrl(`/${instance.id}`), { token, body: { title: 'Renamed' } }),
        await call(server, 'DELETE', instancesUrl(`/${instance.id}`), { token }),
      ]
      expect(replies.map((reply) => reply.statusCode)).toEqual([403, 403, 403, 403, 403, 403])
    }
    expect((await call(server, 'GET', resourcesUrl(), { token: reader })).statusCode).toBe(200)
    expect(await snapshot()).toEqual(before)
  })

  it('keeps companies apart: another company’s resources and instances answer 404 and stay as they were', async () => {
    const foreignBefore = {
      resources: await listResources(demo.northern, demo.otherToken),
      instances: await listInstances(demo.northern, demo.otherToken),
    }
    const ownBefore = await snapshot()
    const foreignResource = foreignBefore.resources[0]!
    const foreignInstance = foreignBefore.instances[0]!
    const token = demo.demoToken
    const ownPaths = [
      await call(server, 'PUT', resourcesUrl(`/${foreignResource.id}`), { token, body: { title: 'Mine' } }),
      await call(server, 'DELETE', resourcesUrl(`/${foreignResource.id}`), { token }),
      await call(server, 'PUT', instancesUrl(`/${foreignInstance.id}`), { token, body: { title: 'Mine' } }),
      await call(server, 'DELETE', instancesUrl(`/${foreignInstance.id}`), { token }),
    ]
    expect(ownPaths.map((reply) => reply.statusCode)).toEqual([404, 404, 404, 404])
    // An instance for the other company's resource, made through one's own company: no such resource here.
    expectInvalid(await createInstance({ resource_id: foreignResource.id, title: 'Mine' }), ['resource_id'])
    const other = demo.otherToken
    const ownResource = ownBefore.resources[0]!
    const ownInstance = ownBefore.instances[0]!
    const theirCalls = [
      await createResource({ title: 'Sneaked' }, other),
      await call(server, 'PUT', resourcesUrl(`/${ownResource.id}`), {
        token: other,
        body: { title: 'Theirs' },
      }),
      await call(server, 'DELETE', resourcesUrl(`/${ownResource.id}`), { token: other }),
      await createInstance({ resource_id: ownResource.id, title: 'Sneaked' }, other),
      await call(server, 'PUT', instancesUrl(`/${ownInstance.id}`), {
        token: other,
        body: { title: 'Theirs' },
      }),
      await call(server, 'DELETE', instancesUrl(`/${ownInstance.id}`), { token: other }),
    ]
    expect(theirCalls.map((reply) => reply.statusCode)).toEqual([404, 404, 404, 404, 404, 404])
    expect(theirCalls.every((reply) => json(reply).data === null)).toBe(true)
    expect({
      resources: await listResources(demo.northern, demo.otherToken),
      instances: await listInstances(demo.northern, demo.otherToken),
    }).toEqual(foreignBefore)
    expect(await snapshot()).toEqual(ownBefore)
    const foreignAudit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, demo.northern), like(auditLog.action, 'resource%')))
    expect(foreignAudit).toEqual([])
  })

  it('applies writes at once one after the other: no error, no instance left without its resource', async () => {
    const resource = await createdResource({ title: 'Contested', service_ids: [manicure] })
    const saves = await Promise.all(
      [[manicure, gel], [haircut], [gel, haircut], [manicure]].map((serviceIds) =>
        call(server, 'PUT', resourcesUrl(`/${resource.id}`), {
          token: demo.demoToken,
          body: { service_ids: serviceIds },
        }),
      ),
    )
    expect(saves.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200])
    const after = (await listResources()).find((row) => row.id === resource.id)!
    expect(saves.map((reply) => json(reply).data.service_ids)).toContainEqual(after.service_ids)

    // Deleting the resource while instances are added to it: each instance is refused or goes with it.
    const replies = await Promise.all([
      ...['One', 'Two', 'Three'].map((title) => createInstance({ resource_id: resource.id, title })),
      call(server, 'DELETE', resourcesUrl(`/${resource.id}`), { token: demo.demoToken }),
    ])
    expect(replies.every((reply) => reply.statusCode < 500)).toBe(true)
    const orphans = await server.db
      .select()
      .from(resourceInstances)
      .where(eq(resourceInstances.resourceId, resource.id))
    expect(orphans).toEqual([])
  })
})
