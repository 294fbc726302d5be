import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companySchema } from '../../contract/companies/schemas'
import { serviceCategoryListSchema } from '../../contract/service-categories/schemas'
import { serviceListSchema } from '../../contract/services/schemas'
import {
  createTestServer,
  signIn,
  SPECIALIST,
  testDatabases,
  type TestServer,
} from '../support/server-harness'
import { call, demoCompanyRows, expectOk } from './business-api-helpers'

/**
 * The specialist demo account (README): reads the service menu of Beauty Line — Tverskaya and may change
 * nothing in it. The workspace hides the edit controls; the server refuses the edits anyway.
 */
describe.each(testDatabases())('a specialist with read-only catalogue rights (%s)', (kind) => {
  let server: TestServer
  let token: string
  let companyId: number

  beforeAll(async () => {
    server = await createTestServer(kind)
    companyId = (await demoCompanyRows(server)).tverskaya.id
    token = (await signIn(server.app, SPECIALIST.email, SPECIALIST.password)).access_token
  })
  afterAll(() => server.close())

  const menu = async () => ({
    services: expectOk(await call(server, 'GET', `/services/${companyId}/`, { token }), serviceListSchema),
    categories: expectOk(
      await call(server, 'GET', `/service_categories/${companyId}/`, { token }),
      serviceCategoryListSchema,
    ),
  })

  it('is told its rights with the company: the menu may be read, not changed', async () => {
    const company = expectOk(await call(server, 'GET', `/company/${companyId}/`, { token }), companySchema)
    expect(company.user_role).toBe('specialist')
    expect(company.access).toMatchObject({
      settings_services_access: true,
      settings_services_create_access: false,
      settings_services_edit_access: false,
      settings_services_delete_access: false,
      settings_services_categories_access: false,
    })
  })

  it('is refused every change to services and categories, and nothing changes', async () => {
    const before = await menu()
    expect(before.services.length).toBeGreaterThan(0)
    const service = before.services[0]!
    const category = before.categories[0]!
    const refusals = [
      await call(server, 'POST', `/services/${companyId}/`, {
        token,
        body: { title: 'Sneaked in', category_id: category.id },
      }),
      await call(server, 'PUT', `/services/${companyId}/${service.id}`, {
        token,
        body: { title: 'Renamed' },
      }),
      await call(server, 'DELETE', `/services/${companyId}/${service.id}`, { token }),
      await call(server, 'POST', `/service_categories/${companyId}/`, {
        token,
        body: { title: 'Sneaked in' },
      }),
      await call(server, 'PUT', `/service_categories/${companyId}/${category.id}`, {
        token,
        body: { title: 'Renamed' },
      }),
      await call(server, 'DELETE', `/service_categories/${companyId}/${category.id}`, { token }),
    ]
    expect(refusals.map((reply) => reply.statusCode)).toEqual([403, 403, 403, 403, 403, 403])
    expect(await menu()).toEqual(before)
  })
})
