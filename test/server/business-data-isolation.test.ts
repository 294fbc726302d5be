import { and, eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accounts,
  attendanceFieldPins,
  clientCategories,
  goodCategories,
  services,
  staff,
  storages,
  workingWeeks,
} from '../../server/db/schema'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import { addMember, call, demoCompanies, type DemoCompanies } from './business-api-helpers'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

interface RouteCase {
  name: string
  method: Method
  url: (companyId: number) => string
  body?: (companyId: number) => unknown
  form?: (companyId: number) => string
  /** What a member without the route's flag gets: 403, or 200 with an empty list for custom fields. */
  withoutFlag: 403 | 'empty' | 'allowed'
  /** A read that shows what a write would change, compared before and after forbidden attempts. */
  witness?: (companyId: number) => string
  /**
   * What the owner gets when it is not a success: a trial refused to a company that has a licence, a picture
   * upload sent as JSON.
   */
  ownerStatus?: 409 | 415
}

/**
 * Every company-scoped route of licence, finances settings, resources, goods, client data, timetable, working
 * hours and the second-factor policy.
 */
function routeCases(ids: {
  salaryStaffId: number
  pinId: number
  categoryId: number
  serviceId: number
  ownWeekStaffId: number
  accountId: number
  storageId: number
  clientCategoryId: number
  rightsUserId: number
}): RouteCase[] {
  const salaryBody = {
    date_basis: 'sale_date',
    discount_split_mode: 'none',
    cost_split_mode: 'none',
    mode: 'full',
  }
  const workingWeek = { days: [{ weekday: 1, intervals: [{ start: '09:00', end: '13:00' }] }] }
  return [
    { name: 'storages', method: 'GET', url: (c) => `/storages/${c}/`, withoutFlag: 403 },
    { name: 'accounts', method: 'GET', url: (c) => `/accounts/${c}/?include=balance`, withoutFlag: 403 },
    {
      name: 'create account',
      method: 'POST',
      url: (c) => `/accounts/${c}/`,
      body: () => ({ title: `Intruder ${Math.random()}`, type: 'cash' }),
      withoutFlag: 403,
      witness: (c) => `/accounts/${c}/?include=balance`,
    },
    {
      name: 'change account',
      method: 'PUT',
      url: (c) => `/accounts/${c}/${ids.accountId}`,
      body: () => ({ title: `Renamed ${Math.random()}` }),
      withoutFlag: 403,
      witness: (c) => `/accounts/${c}/?include=balance`,
    },
    {
      name: 'delete account',
      method: 'DELETE',
      url: (c) => `/accounts/${c}/${ids.accountId}`,
      withoutFlag: 403,
      witness: (c) => `/accounts/${c}/?include=balance`,
    },
    {
      name: 'create storage',
      method: 'POST',
      url: (c) => `/storages/${c}/`,
      body: () => ({ title: `Intruder ${Math.random()}`, type: 'goods' }),
      withoutFlag: 403,
      witness: (c) => `/storages/${c}/`,
    },
    {
      name: 'change storage',
      method: 'PUT',
      url: (c) => `/storages/${c}/${ids.storageId}`,
      body: () => ({ title: `Renamed ${Math.random()}` }),
      withoutFlag: 403,
      witness: (c) => `/storages/${c}/`,
    },
    {
      name: 'delete storage',
      method: 'DELETE',
      url: (c) => `/storages/${c}/${ids.storageId}`,
      withoutFlag: 403,
      witness: (c) => `/storages/${c}/`,
    },
    { name: 'resources', method: 'GET', url: (c) => `/resources/${c}`, withoutFlag: 403 },
    {
      name: 'resource instances',
      method: 'GET',
      url: (c) => `/company/${c}/resource_instances?include=resource`,
      withoutFlag: 403,
    },
    {
      name: 'free resource instances',
      method: 'POST',
      url: () => '/resource_instances/loadFreeResourceInstances',
      form: (c) => `salon_id=${c}&service_id=${ids.serviceId}&length=600&datetime=2030-01-01T10:00:00`,
      withoutFlag: 403,
    },
    { name: 'units', method: 'GET', url: (c) => `/companies/${c}/units`, withoutFlag: 403 },
    {
      name: 'client categories',
      method: 'GET',
      url: (c) => `/labels/${c}/clients?page=1&term=`,
      withoutFlag: 403,
    },
    {
      name: 'create client category',
      method: 'POST',
      url: (c) => `/labels/${c}/clients/create`,
      body: () => ({ title: `Intruder ${Math.random()}` }),
      withoutFlag: 403,
      witness: (c) => `/labels/${c}/clients`,
    },
    {
      name: 'change client category',
      method: 'PUT',
      url: (c) => `/labels/${c}/clients/${ids.clientCategoryId}`,
      body: () => ({ title: `Renamed ${Math.random()}` }),
      withoutFlag: 403,
      witness: (c) => `/labels/${c}/clients`,
    },
    {
      name: 'delete client category',
      method: 'DELETE',
      url: (c) => `/labels/${c}/clients/${ids.clientCategoryId}`,
      withoutFlag: 403,
      witness: (c) => `/labels/${c}/clients`,
    },
    { name: 'payment methods', method: 'GET', url: (c) => `/company/${c}/payment_methods`, withoutFlag: 403 },
    {
      name: 'save payment methods',
      method: 'POST',
      url: (c) => `/company/${c}/payment_methods/save`,
      body: () => ({ payment_methods: [{ title: 'Intruder' }] }),
      withoutFlag: 403,
      witness: (c) => `/company/${c}/payment_methods`,
    },
    {
      name: 'salary settings',
      method: 'GET',
      url: (c) => `/company/${c}/salary/settings/${ids.salaryStaffId}`,
      withoutFlag: 403,
    },
    {
      name: 'save salary settings',
      method: 'PUT',
      url: (c) => `/company/${c}/salary/settings/${ids.salaryStaffId}`,
      body: () => salaryBody,
      withoutFlag: 403,
      witness: (c) => `/company/${c}/salary/settings/${ids.salaryStaffId}`,
    },
    {
      name: 'save the company profile',
      method: 'PUT',
      url: (c) => `/company/${c}`,
      body: () => ({
        // The owner's own save keeps the title, which the chains case below reads.
        title: 'Beauty Line — Tverskaya',
        address: 'Nowhere 1',
        city_id: null,
        timezone: 'Asia/Tokyo',
        phone: '',
        business_type_id: null,
        expected_version: 1,
      }),
      withoutFlag: 403,
      witness: (c) => `/company/${c}`,
    },
    {
      name: 'upload the company logo',
      method: 'POST',
      url: (c) => `/company/${c}/images/logo`,
      body: () => ({ logo: 'not a file' }),
      withoutFlag: 403,
      witness: (c) => `/company/${c}`,
      ownerStatus: 415,
    },
    {
      name: 'remove the booking-form header',
      method: 'DELETE',
      url: (c) => `/company/${c}/images/booking-form-header`,
      withoutFlag: 403,
      witness: (c) => `/company/${c}`,
    },
    { name: 'licence', method: 'GET', url: (c) => `/license/${c}`, withoutFlag: 403 },
    {
      name: 'add staff calculation',
      method: 'GET',
      url: (c) => `/license/${c}/add_staff/calculate?amount=1`,
      withoutFlag: 403,
    },
    {
      name: 'add licence option',
      method: 'POST',
      url: (c) => `/license/${c}/options/add`,
      body: () => ({ option_id: 2, amount: 1 }),
      withoutFlag: 403,
      witness: (c) => `/license/${c}`,
    },
    {
      name: 'start a trial licence',
      method: 'POST',
      url: (c) => `/license/${c}/trial`,
      withoutFlag: 403,
      witness: (c) => `/license/${c}`,
      ownerStatus: 409,
    },
    {
      name: "a member's rights",
      method: 'GET',
      url: (c) => `/company/${c}/users/${ids.rightsUserId}/rights`,
      withoutFlag: 403,
    },
    {
      name: "a member's rights history",
      method: 'GET',
      url: (c) => `/company/${c}/users/${ids.rightsUserId}/rights/history`,
      withoutFlag: 403,
    },
    {
      name: "preview a member's rights",
      method: 'POST',
      url: (c) => `/company/${c}/users/${ids.rightsUserId}/rights/preview`,
      body: () => ({ rights: { clients_access: true } }),
      withoutFlag: 403,
    },
    {
      name: "change a member's rights",
      method: 'PUT',
      url: (c) => `/company/${c}/users/${ids.rightsUserId}/rights`,
      body: () => ({ rights: { clients_access: true } }),
      withoutFlag: 403,
      witness: (c) => `/company/${c}/users/${ids.rightsUserId}/rights/history`,
    },
    { name: 'company state', method: 'GET', url: (c) => `/company/${c}/state`, withoutFlag: 'allowed' },
    {
      name: 'field pins',
      method: 'GET',
      url: (c) => `/companies/${c}/attendance/field_pins`,
      withoutFlag: 403,
    },
    {
      name: 'pin a field',
      method: 'POST',
      url: (c) => `/companies/${c}/attendance/field_pins`,
      body: () => ({ slug: 'intruder' }),
      withoutFlag: 403,
      witness: (c) => `/companies/${c}/attendance/field_pins`,
    },
    {
      name: 'unpin a field',
      method: 'DELETE',
      url: (c) => `/companies/${c}/attendance/field_pins/${ids.pinId}`,
      withoutFlag: 403,
      witness: (c) => `/companies/${c}/attendance/field_pins`,
    },
    {
      name: 'payment method pins',
      method: 'GET',
      url: (c) => `/companies/${c}/attendance/payment_method_pins`,
      withoutFlag: 403,
    },
    {
      name: 'pin a payment method',
      method: 'PUT',
      url: (c) => `/companies/${c}/attendance/payment_method_pins`,
      body: () => ({ payment_method_slug: 'transfer', is_pinned: true }),
      withoutFlag: 403,
      witness: (c) => `/companies/${c}/attendance/payment_method_pins`,
    },
    {
      name: 'record custom fields',
      method: 'GET',
      url: (c) => `/custom_fields/record/${c}?include=custom_field.ui_options`,
      withoutFlag: 'empty',
    },
    {
      name: 'client custom fields',
      method: 'GET',
      url: (c) => `/custom_fields/client/${c}`,
      withoutFlag: 'empty',
    },
    {
      name: 'company custom fields',
      method: 'GET',
      url: (c) => `/companies/${c}/custom_fields?include=custom_field_type,ui_options`,
      withoutFlag: 'empty',
    },
    {
      name: 'goods categories',
      method: 'GET',
      url: (c) =>
        `/companies/${c}/good_categories?include=child_categories,goods&filter[parent_category_id]=0`,
      withoutFlag: 403,
    },
    {
      name: 'goods category',
      method: 'GET',
      url: (c) => `/companies/${c}/good_categories/${ids.categoryId}?include=goods`,
      withoutFlag: 403,
    },
    {
      name: 'timetable settings',
      method: 'GET',
      url: (c) => `/company/${c}/timetable/settings`,
      withoutFlag: 403,
    },
    {
      name: 'change timetable settings',
      method: 'PUT',
      url: (c) => `/company/${c}/timetable/settings`,
      body: () => ({ is_need_sum_record_technical_breaks: false }),
      withoutFlag: 403,
      witness: (c) => `/company/${c}/timetable/settings`,
    },
    {
      name: 'working hours',
      method: 'GET',
      url: (c) => `/company/${c}/working_hours`,
      withoutFlag: 'allowed',
    },
    {
      name: 'change working hours',
      method: 'PUT',
      url: (c) => `/company/${c}/working_hours`,
      body: () => workingWeek,
      withoutFlag: 403,
      witness: (c) => `/company/${c}/working_hours`,
    },
    {
      name: 'staff working hours',
      method: 'GET',
      url: (c) => `/company/${c}/staff_working_hours`,
      withoutFlag: 403,
    },
    {
      name: "change a staff member's working hours",
      method: 'PUT',
      url: (c) => `/company/${c}/staff/${ids.ownWeekStaffId}/working_hours`,
      body: () => workingWeek,
      withoutFlag: 403,
      witness: (c) => `/company/${c}/staff_working_hours`,
    },
    {
      name: 'second-factor policy',
      method: 'GET',
      url: (c) => `/company/${c}/security/two_factor`,
      withoutFlag: 403,
    },
    {
      name: 'change the second-factor policy',
      method: 'PUT',
      url: (c) => `/company/${c}/security/two_factor`,
      body: () => ({ required_for: 'everyone' }),
      withoutFlag: 403,
      witness: (c) => `/company/${c}/security/two_factor`,
    },
    {
      name: "drop a staff member's working hours",
      method: 'DELETE',
      url: (c) => `/company/${c}/staff/${ids.ownWeekStaffId}/working_hours`,
      withoutFlag: 403,
      witness: (c) => `/company/${c}/staff_working_hours`,
    },
  ]
}

describe.each(testDatabases())('tenant isolation of company data (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let member: string
  let cases: RouteCase[]
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    // A specialist whose few rights are switched off too, so that every route's flag is missing.
    member = (
      await addMember(server, demo.tverskaya, {
        overrides: {
          record_form_access: false,
          timetable_access: false,
          custom_fields_record_values_read_access: false,
          custom_fields_client_values_read_access: false,
        },
      })
    ).token
    const [salaryStaff] = await server.db.select().from(staff).where(eq(staff.companyId, demo.tverskaya))
    const [pin] = await server.db
      .select()
      .from(attendanceFieldPins)
      .where(eq(attendanceFieldPins.companyId, demo.tverskaya))
    const [category] = await server.db
      .select()
      .from(goodCategories)
      .where(eq(goodCategories.companyId, demo.tverskaya))
    const [service] = await server.db.select().from(services).where(eq(services.companyId, demo.tverskaya))
    // A staff member with a week of their own (the seed gives one), so that a drop that got through would show.
    const [ownWeek] = await server.db
      .select()
      .from(workingWeeks)
      .where(and(eq(workingWeeks.companyId, demo.tverskaya), isNotNull(workingWeeks.staffId)))
    // Rows of their own for the write routes, so that the owner's delete takes nothing the reads rely on: an
    // account without transactions and a third storage (the last one is kept).
    const [account] = await server.db
      .insert(accounts)
      .values({ companyId: demo.tverskaya, title: 'Isolation till', type: 'cash' })
      .returning()
    const [storage] = await server.db
      .insert(storages)
      .values({ companyId: demo.tverskaya, title: 'Isolation shelf', type: 'goods' })
      .returning()
    const [clientCategory] = await server.db
      .insert(clientCategories)
      .values({ companyId: demo.tverskaya, title: 'Isolation', color: '#000000' })
      .returning()
    // Whose rights the rights routes read and change: a member other than the one refused.
    const rightsTarget = await addMember(server, demo.tverskaya, { role: 'accountant' })
    cases = routeCases({
      accountId: account!.id,
      storageId: storage!.id,
      clientCategoryId: clientCategory!.id,
      rightsUserId: rightsTarget.userId,
      salaryStaffId: salaryStaff!.id,
      pinId: pin!.id,
      categoryId: category!.id,
      serviceId: service!.id,
      ownWeekStaffId: ownWeek!.staffId!,
    })
  })
  afterAll(() => server.close())

  const send = (route: RouteCase, companyId: number, token?: string) =>
    call(server, route.method, route.url(companyId), {
      ...(token ? { token } : {}),
      ...(route.body ? { body: route.body(companyId) } : {}),
      ...(route.form ? { form: route.form(companyId) } : {}),
    })
  const witnessOf = async (route: RouteCase) =>
    route.witness
      ? (await call(server, 'GET', route.witness(demo.tverskaya), { token: demo.demoToken })).body
      : undefined

  it('refuses the owner of another company with 404, anonymous callers with 401, and changes nothing', async () => {
    for (const route of cases) {
      const before = await witnessOf(route)
      const foreign = await send(route, demo.tverskaya, demo.otherToken)
      expect(foreign.statusCode, `${route.name} as another owner`).toBe(404)
      expect(json(foreign).data, route.name).toBeNull()
      const anonymous = await send(route, demo.tverskaya)
      expect(anonymous.statusCode, `${route.name} anonymously`).toBe(401)
      expect(await witnessOf(route), `${route.name} changed a foreign row`).toBe(before)
    }
  })

  it('refuses a member without the flag with 403 (custom fields: an empty list), changing nothing', async () => {
    for (const route of cases) {
      const before = await witnessOf(route)
      const response = await send(route, demo.tverskaya, member)
      if (route.withoutFlag === 403) {
        expect(response.statusCode, `${route.name} without the flag`).toBe(403)
        expect(json(response).data).toBeNull()
      } else if (route.withoutFlag === 'empty') {
        expect(response.statusCode, route.name).toBe(200)
        expect(json(response).data, route.name).toEqual([])
      } else {
        expect(response.statusCode, route.name).toBe(200)
      }
      expect(await witnessOf(route), `${route.name} changed a row`).toBe(before)
    }
  })

  it('serves the owner every route (writes last, so that the reads saw the seeded rows)', async () => {
    // Saving the payment-method list replaces it, so it runs after pinning one of the seeded methods.
    const order = (route: RouteCase) =>
      route.method === 'GET' ? 0 : route.name === 'save payment methods' ? 2 : 1
    for (const route of [...cases].sort((a, b) => order(a) - order(b))) {
      const response = await send(route, demo.tverskaya, demo.demoToken)
      if (route.ownerStatus) expect(response.statusCode, route.name).toBe(route.ownerStatus)
      else expect(response.statusCode, `${route.name} as the owner: ${response.body}`).toBeLessThan(300)
    }
  })

  it('never reaches another company’s rows through ids in the path of one’s own company', async () => {
    const own = demo.northern
    const crossing = cases.filter((route) =>
      /salary|field_pins\/|good_categories\/|staff\/\d+\/working_hours|(accounts|storages)\/\d+\/\d+$|clients\/\d+$/.test(
        route.url(own),
      ),
    )
    expect(crossing).toHaveLength(12)
    for (const route of crossing) {
      const before = await witnessOf(route)
      const response = await send(route, own, demo.otherToken)
      expect(response.statusCode, `${route.name} with a foreign id`).toBe(404)
      expect(await witnessOf(route)).toBe(before)
    }
  })

  it('shows chains only to their members and the KKM reference to everyone', async () => {
    const groups = json(await call(server, 'GET', '/groups', { token: demo.otherToken })).data
    expect(groups).toEqual([])
    expect(json(await call(server, 'GET', '/groups', { token: member })).data[0].companies).toEqual([
      { id: demo.tverskaya, title: 'Beauty Line — Tverskaya' },
    ])
    expect((await call(server, 'GET', '/groups')).statusCode).toBe(401)
    expect((await call(server, 'GET', '/references/kkm_integration')).statusCode).toBe(200)
  })
})
