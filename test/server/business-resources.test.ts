import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  freeResourcesSchema,
  resourceInstancesSchema,
  resourcesSchema,
} from '../../contract/resources/schemas'
import { resourceBookings, resourceInstances, services } from '../../server/db/schema'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  invalidFields,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

describe.each(testDatabases())('resources (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let specialist: string
  let manicure: number
  let gel: number
  let haircut: number
  let foreignService: number
  let tables: { id: number; title: string }[]
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    specialist = (await addMember(server, demo.tverskaya)).token
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
    const instances = expectOk(
      await call(server, 'GET', `/company/${demo.tverskaya}/resource_instances`, { token: demo.demoToken }),
      resourceInstancesSchema,
    )
    tables = instances
      .filter((instance) => instance.title.startsWith('Table'))
      .map(({ id, title }) => ({ id, title }))
    // Table 1 is taken from 10:00 to 11:00 Moscow time (07:00 to 08:00 UTC) on 2030-03-04 by record 77.
    await server.db.insert(resourceBookings).values({
      companyId: demo.tverskaya,
      instanceId: tables[0]!.id,
      recordId: 77,
      startsAt: new Date('2030-03-04T07:00:00Z'),
      endsAt: new Date('2030-03-04T08:00:00Z'),
    })
  })
  afterAll(() => server.close())

  it('lists resources and their instances, with the resource on request', async () => {
    const list = expectOk(
      await call(server, 'GET', `/resources/${demo.tverskaya}`, { token: demo.demoToken }),
      resourcesSchema,
    )
    expect(list.map((resource) => resource.title)).toEqual(['Manicure table', 'Colouring room'])
    const instances = expectOk(
      await call(server, 'GET', `/company/${demo.tverskaya}/resource_instances?include=resource`, {
        token: demo.demoToken,
      }),
      resourceInstancesSchema,
    )
    expect(instances.map((instance) => [instance.title, instance.resource?.title])).toEqual([
      ['Table 1', 'Manicure table'],
      ['Table 2', 'Manicure table'],
      ['Room A', 'Colouring room'],
    ])
    expect(tables).toHaveLength(2)
    expect(
      invalidFields(
        await call(server, 'GET', `/company/${demo.tverskaya}/resource_instances?include=staff`, {
          token: demo.demoToken,
        }),
      ),
    ).toEqual(['include'])
  })

  const loadFree = (form: string, token = demo.demoToken) =>
    call(server, 'POST', '/resource_instances/loadFreeResourceInstances', { token, form })
  const freeTitles = (response: Awaited<ReturnType<typeof loadFree>>) =>
    expectOk(response, freeResourcesSchema).map((resource) => [
      resource.title,
      resource.free_instances.map((instance) => instance.title),
    ])

  it('answers which instances are free for the services, the time and the length asked (form body)', async () => {
    const form = (datetime: string, length: number, extra = '') =>
      `salon_id=${demo.tverskaya}&service_id=${manicure}&length=${length}&datetime=${encodeURIComponent(datetime)}${extra}`
    // Overlapping the booking: only Table 2 is free.
    expect(freeTitles(await loadFree(form('2030-03-04 10:30:00', 3600)))).toEqual([
      ['Manicure table', ['Table 2']],
    ])
    // Ending exactly when the booking starts, or starting when it ends: both are free.
    expect(freeTitles(await loadFree(form('2030-03-04T09:00:00', 3600)))).toEqual([
      ['Manicure table', ['Table 1', 'Table 2']],
    ])
    expect(freeTitles(await loadFree(form('2030-03-04T08:00:00Z', 1800)))).toEqual([
      ['Manicure table', ['Table 1', 'Table 2']],
    ])
    // The same instant written with an offset.
    expect(freeTitles(await loadFree(form('2030-03-04T10:59:00+03:00', 60)))).toEqual([
      ['Manicure table', ['Table 2']],
    ])
    // Moving record 77 itself: its own booking does not block it.
    expect(freeTitles(await loadFree(form('2030-03-04 10:30:00', 3600, '&record_id=77')))).toEqual([
      ['Manicure table', ['Table 1', 'Table 2']],
    ])
  })

  it('takes a list of services (service_id[]) and JSON bodies, and needs no resource for a service without one', async () => {
    const list = await loadFree(
      `salon_id=${demo.tverskaya}&service_id[]=${manicure}&service_id[]=${gel}&service_id[]=${haircut}&length=600&datetime=2030-03-04T10:00:00`,
    )
    expect(freeTitles(list)).toEqual([['Manicure table', ['Table 2']]])
    const json = await call(server, 'POST', '/resource_instances/loadFreeResourceInstances', {
      token: demo.demoToken,
      body: { salon_id: demo.tverskaya, service_id: [haircut], length: 600, datetime: '2030-03-04T10:00:00' },
    })
    expect(expectOk(json, freeResourcesSchema)).toEqual([])
  })

  it('validates every field', async () => {
    const valid = {
      salon_id: `${demo.tverskaya}`,
      service_id: `${manicure}`,
      length: '600',
      datetime: '2030-03-04T10:00:00',
    }
    const form = (changes: Record<string, string | undefined>) =>
      Object.entries({ ...valid, ...changes })
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `${key}=${encodeURIComponent(value!)}`)
        .join('&')
    expect(invalidFields(await loadFree(form({ salon_id: 'x' })))).toEqual(['salon_id'])
    expect(invalidFields(await loadFree(form({ service_id: undefined })))).toEqual(['service_id'])
    expect(invalidFields(await loadFree(form({ length: '0' })))).toEqual(['length'])
    expect(invalidFields(await loadFree(form({ length: '86401' })))).toEqual(['length'])
    expect(invalidFields(await loadFree(form({ datetime: 'tomorrow' })))).toEqual(['datetime'])
    expect(invalidFields(await loadFree(form({ datetime: '2030-13-45T10:00:00' })))).toEqual(['datetime'])
    expect(invalidFields(await loadFree(form({ record_id: '-4' })))).toEqual(['record_id'])
    expect(invalidFields(await loadFree(form({ service_id: `${foreignService}` })))).toEqual(['service_id'])
  })

  it('checks membership and the record-form right of the salon named in the body', async () => {
    const form = `salon_id=${demo.tverskaya}&service_id=${manicure}&length=600&datetime=2030-03-04T10:00:00`
    expect((await loadFree(form, demo.otherToken)).statusCode).toBe(404)
    expect((await loadFree(form, specialist)).statusCode).toBe(200)
    const withoutForm = (
      await addMember(server, demo.tverskaya, { overrides: { record_form_access: false } })
    ).token
    expect((await loadFree(form, withoutForm)).statusCode).toBe(403)
    expect(
      (await call(server, 'GET', `/resources/${demo.tverskaya}`, { token: specialist })).statusCode,
    ).toBe(403)
    expect(
      (await call(server, 'GET', `/company/${demo.tverskaya}/resource_instances`, { token: specialist }))
        .statusCode,
    ).toBe(403)
    expect((await loadFree(form, '')).statusCode).toBe(401)
  })

  it('never lists another company’s instances', async () => {
    const foreign = await server.db
      .select()
      .from(resourceInstances)
      .where(eq(resourceInstances.companyId, demo.northern))
    const instances = expectOk(
      await call(server, 'GET', `/company/${demo.tverskaya}/resource_instances`, { token: demo.demoToken }),
      resourceInstancesSchema,
    )
    expect(instances.some((instance) => foreign.some((row) => row.id === instance.id))).toBe(false)
  })
})
