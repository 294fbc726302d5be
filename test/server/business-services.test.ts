import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serviceCategoryListSchema, serviceCategorySchema } from '../../contract/service-categories/schemas'
import { serviceListSchema, serviceSchema, type Service } from '../../contract/services/schemas'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import { addMember, call, expectInvalid, expectOk, signInCast } from './business-api-helpers'

describe.each(testDatabases())('services and service categories (%s)', (kind) => {
  let server: TestServer
  let cast: Awaited<ReturnType<typeof signInCast>>
  let companyId: number
  let services: Service[]
  const byTitle = (title: string) => services.find((service) => service.title === title)!

  beforeAll(async () => {
    server = await createTestServer(kind)
    cast = await signInCast(server)
    companyId = cast.ids.tverskaya.id
    services = expectOk(
      await call(server, 'GET', `/services/${companyId}/`, { token: cast.member }),
      serviceListSchema,
    )
  })
  afterAll(() => server.close())

  it('lists plain and composite services with every field and its default', async () => {
    expect(services).toHaveLength(8)
    const haircut = byTitle("Women's haircut")
    expect(haircut).toMatchObject({
      kind: 'service',
      is_composite: false,
      service_type: 1,
      date_from: '0000-00-00',
      date_to: '0000-00-00',
      price_min: 2500,
      price_max: 4000,
      duration: 3600,
      is_chain: true,
      chain_price_min: 2500,
      chain_price_max: 4000,
      salon_group_title: 'Beauty Line',
      chain_details: {
        price_min: 2500,
        price_max: 4000,
        comment: 'Chain standard haircut',
        is_price_managed_only_in_chain: true,
        is_comment_managed_only_in_chain: false,
      },
      is_linked_to_composite: true,
      salon_ids: [companyId],
      category: { id: haircut.category_id, title: 'Hair' },
    })
    expect(haircut.staff.map((member) => member.name).sort()).toEqual(['Maria Ivanova', 'Olga Petrova'])
    const composite = byTitle('Colour and haircut')
    if (composite.kind !== 'services-composite') throw new Error('expected a composite')
    expect(composite.composite_details).toMatchObject({
      status: 'ready',
      exec_order: 'sequential',
      pricing_type: 'discount',
      price_discount_percent: 10,
    })
    expect(composite.composite_details.links.map((link) => link.title)).toEqual([
      'Single-process colour',
      "Women's haircut",
    ])
    // (4500 + 2500) and (7000 + 4000), less 10 %; the parts take 120 + 60 minutes one after the other.
    expect([composite.price_min, composite.price_max, composite.duration]).toEqual([6300, 9900, 10800])
  })

  it('shows a service read alone, or in its category, exactly as the whole list shows it', async () => {
    // One service or a category reads only what its services name (their parts, the composites they belong to):
    // a part, a composite and a plain service must come out the same as in the list.
    for (const listed of services) {
      const alone = expectOk(
        await call(server, 'GET', `/services/${companyId}/${listed.id}`, { token: cast.member }),
        serviceSchema,
      )
      expect(alone).toEqual(listed)
    }
    const categoryOf = byTitle('Colour and haircut').category_id
    const inCategory = expectOk(
      await call(server, 'GET', `/services/${companyId}?category_id=${categoryOf}`, { token: cast.member }),
      serviceListSchema,
    )
    expect(inCategory.length).toBeGreaterThan(0)
    expect(inCategory).toEqual(services.filter((service) => service.category_id === categoryOf))
  })

  it('filters by category and by employee', async () => {
    const hair = byTitle("Men's haircut").category_id
    const inHair = expectOk(
      await call(server, 'GET', `/services/${companyId}?category_id=${hair}`, { token: cast.owner }),
      serviceListSchema,
    )
    expect(inHair.map((service) => service.title).sort()).toEqual([
      'Blow-dry styling',
      "Men's haircut",
      "Women's haircut",
    ])
    const elena = byTitle('Classic manicure').staff[0]!.id
    const hers = expectOk(
      await call(server, 'GET', `/services/${companyId}/?staff_id=${elena}`, { token: cast.owner }),
      serviceListSchema,
    )
    expect(hers.map((service) => service.title).sort()).toEqual(['Classic manicure', 'Gel polish manicure'])
    expectInvalid(await call(server, 'GET', `/services/${companyId}/?category_id=x`, { token: cast.owner }), [
      'category_id',
    ])
  })

  it("keeps an employee's own price and duration for a service, and the service's price for the others", async () => {
    const categoryId = byTitle('Classic manicure').category_id
    const [maria, olga] = byTitle("Women's haircut").staff.map((member) => member.id)
    const created = expectOk(
      await call(server, 'POST', `/services/${companyId}/`, {
        token: cast.owner,
        body: {
          title: 'Keratin care',
          category_id: categoryId,
          price_min: 2000,
          price_max: 2000,
          duration: 3600,
          staff: [
            { id: maria, seance_length: 4500, price: 2600 },
            { id: olga, price: null },
          ],
        },
      }),
      serviceSchema,
      201,
    )
    const byId = new Map(created.staff.map((member) => [member.id, member]))
    expect(byId.get(maria!)).toMatchObject({ seance_length: 4500, price: 2600 })
    expect(byId.get(olga!)).toMatchObject({ seance_length: 3600, price: 2000 })
    const refused = await call(server, 'PUT', `/services/${companyId}/${created.id}`, {
      token: cast.owner,
      body: { staff: [{ id: maria, price: -5 }] },
    })
    expect(refused.statusCode).toBe(422)
    const reread = expectOk(
      await call(server, 'GET', `/services/${companyId}/${created.id}`, { token: cast.owner }),
      serviceSchema,
    )
    expect(reread.staff.find((member) => member.id === maria)).toMatchObject({ price: 2600 })

    // A member who may edit services but not prices changes who performs it; the own prices stay as they were.
    const editor = await addMember(server, companyId, {
      overrides: {
        settings_services_access: true,
        settings_services_edit_access: true,
        settings_services_prices_edit_access: false,
      },
    })
    const url = `/services/${companyId}/${created.id}`
    const priced = await call(server, 'PUT', url, {
      token: editor.token,
      body: { staff: [{ id: maria, price: 100 }] },
    })
    expect(priced.statusCode).toBe(403)
    const kept = expectOk(
      await call(server, 'PUT', url, { token: editor.token, body: { staff: [{ id: maria }] } }),
      serviceSchema,
    )
    expect(kept.staff).toEqual([expect.objectContaining({ id: maria, price: 2600 })])
  })

  it('creates a service with staff and translations, changes and deletes it', async () => {
    const categoryId = byTitle('Classic manicure').category_id
    const maria = byTitle("Women's haircut").staff[0]!.id
    const created = expectOk(
      await call(server, 'POST', `/services/${companyId}/`, {
        token: cast.owner,
        body: {
          title: 'Paraffin therapy',
          category_id: categoryId,
          price_min: 800,
          price_max: 1000,
          duration: 1800,
          staff: [{ id: maria, seance_length: 1200 }],
          translations: [{ language_id: 1, translation: 'Парафинотерапия' }],
          prepaid: 'allowed',
        },
      }),
      serviceSchema,
      201,
    )
    expect(created).toMatchObject({
      kind: 'service',
      prepaid: 'allowed',
      service_type: 1,
      active: 1,
      is_chain: false,
      chain_details: null,
    })
    expect(created.staff).toEqual([expect.objectContaining({ id: maria, seance_length: 1200, price: 800 })])
    expect(created.translations).toEqual([{ language_id: 1, translation: 'Парафинотерапия' }])
    const changed = expectOk(
      await call(server, 'PUT', `/services/${companyId}/${created.id}`, {
        token: cast.owner,
        body: {
          comment: 'Warm hands',
          staff: [],
        },
      }),
      serviceSchema,
    )
    expect(changed).toMatchObject({ comment: 'Warm hands', staff: [], prepaid: 'allowed', price_min: 800 })
    expectOk(
      await call(server, 'DELETE', `/services/${companyId}/${created.id}`, { token: cast.owner }),
      v.null(),
    )
    expect(
      (await call(server, 'GET', `/services/${companyId}/${created.id}`, { token: cast.owner })).statusCode,
    ).toBe(404)
  })

  it('answers each invalid field, and the rules spanning fields', async () => {
    expectInvalid(
      await call(server, 'POST', `/services/${companyId}/`, {
        token: cast.owner,
        body: {
          title: '',
          category_id: 0,
          price_min: -1,
          service_type: 0,
          date_from: '2025-13-01',
        },
      }),
      ['title', 'category_id', 'price_min', 'service_type', 'date_from'],
    )
    const categoryId = byTitle('Balayage').category_id
    expectInvalid(
      await call(server, 'POST', `/services/${companyId}/`, {
        token: cast.owner,
        body: {
          title: 'X',
          category_id: categoryId,
          price_min: 10,
          price_max: 5,
        },
      }),
      ['price_max'],
    )
    expectInvalid(
      await call(server, 'POST', `/services/${companyId}/`, {
        token: cast.owner,
        body: { title: 'X', category_id: 999999 },
      }),
      ['category_id'],
    )
    expectInvalid(
      await call(server, 'PUT', `/services/${companyId}/${byTitle("Women's haircut").id}`, {
        token: cast.owner,
        body: {
          price_min: 100,
        },
      }),
      ['price_min'],
    )
    expectInvalid(
      await call(server, 'POST', `/services/${cast.ids.barbers.id}/`, {
        token: cast.stranger,
        body: {
          title: 'Chain cut',
          category_id: 1,
          is_chain: true,
        },
      }),
      ['category_id', 'is_chain'],
    )
  })

  it('builds a composite that turns ready once it has two parts, and protects its parts', async () => {
    const [a, b] = [byTitle('Classic manicure'), byTitle('Gel polish manicure')]
    const composite = expectOk(
      await call(server, 'POST', `/services/${companyId}/`, {
        token: cast.owner,
        body: {
          title: 'Nail duo',
          category_id: a.category_id,
          is_composite: true,
          composite_details: { links: [{ service_id: a.id }] },
        },
      }),
      serviceSchema,
      201,
    )
    if (composite.kind !== 'services-composite') throw new Error('expected a composite')
    expect(composite.composite_details).toMatchObject({
      status: 'not_configured',
      exec_order: 'sequential_multi',
      pricing_type: 'sum',
      price_discount_percent: 0,
    })
    const ready = expectOk(
      await call(server, 'PUT', `/services/${companyId}/${composite.id}`, {
        token: cast.owner,
        body: {
          composite_details: {
            exec_order: 'parallel',
            links: [{ service_id: a.id }, { service_id: b.id, price_min: 2000, price_max: 2000 }],
          },
        },
      }),
      serviceSchema,
    )
    if (ready.kind !== 'services-composite') throw new Error('expected a composite')
    expect(ready.composite_details.status).toBe('ready')
    expect([ready.price_min, ready.price_max, ready.duration]).toEqual([3200, 3200, 5400])
    const conflict = await call(server, 'DELETE', `/services/${companyId}/${b.id}`, { token: cast.owner })
    expect(conflict.statusCode).toBe(409)
    expectInvalid(
      await call(server, 'PUT', `/services/${companyId}/${composite.id}`, {
        token: cast.owner,
        body: {
          composite_details: { links: [{ service_id: composite.id }] },
        },
      }),
      ['composite_details.links'],
    )
    expectInvalid(
      await call(server, 'PUT', `/services/${companyId}/${a.id}`, {
        token: cast.owner,
        body: {
          composite_details: { links: [] },
        },
      }),
      ['composite_details'],
    )
  })

  it('follows the chain price when the chain manages it', async () => {
    // A salon-level chain service (not a copy of the chain's catalogue, whose details only the chain changes).
    const haircut = byTitle("Men's haircut")
    expectOk(
      await call(server, 'PUT', `/services/${companyId}/${haircut.id}`, {
        token: cast.owner,
        body: { is_chain: true },
      }),
      serviceSchema,
    )
    const managed = expectOk(
      await call(server, 'PUT', `/services/${companyId}/${haircut.id}`, {
        token: cast.owner,
        body: {
          is_price_managed_only_in_chain: true,
          chain_price_min: 3000,
          chain_price_max: 3500,
        },
      }),
      serviceSchema,
    )
    expect([managed.price_min, managed.price_max]).toEqual([3000, 3500])
    expect(managed.chain_details).toMatchObject({
      is_price_managed_only_in_chain: true,
      price_min: 3000,
      price_max: 3500,
    })
    expectInvalid(
      await call(server, 'PUT', `/services/${companyId}/${haircut.id}`, {
        token: cast.owner,
        body: {
          chain_price_min: 4000,
        },
      }),
      ['chain_price_max'],
    )
  })

  it('keeps both of two concurrent edits of different fields', async () => {
    const service = byTitle('Blow-dry styling')
    const url = `/services/${companyId}/${service.id}`
    await Promise.all([
      call(server, 'PUT', url, { token: cast.owner, body: { print_title: 'Blow-dry' } }),
      call(server, 'PUT', url, { token: cast.owner, body: { booking_title: 'Styling' } }),
    ])
    const after = expectOk(await call(server, 'GET', url, { token: cast.owner }), serviceSchema)
    expect([after.print_title, after.booking_title]).toEqual(['Blow-dry', 'Styling'])
  })

  it('needs the settings_services flags', async () => {
    const service = byTitle('Balayage')
    for (const [method, url, body] of [
      ['POST', `/services/${companyId}/`, { title: 'X', category_id: service.category_id }],
      ['PUT', `/services/${companyId}/${service.id}`, { title: 'X' }],
      ['DELETE', `/services/${companyId}/${service.id}`, undefined],
      ['POST', `/service_categories/${companyId}/`, { title: 'X' }],
      ['PUT', `/service_categories/${companyId}/${service.category_id}`, { title: 'X' }],
      ['DELETE', `/service_categories/${companyId}/${service.category_id}`, undefined],
    ] as const) {
      expect(
        (await call(server, method, url, { token: cast.member, body })).statusCode,
        `${method} ${url}`,
      ).toBe(403)
    }
  })

  it('lists categories with counts, staff and, when asked, their services', async () => {
    const plain = expectOk(
      await call(server, 'GET', `/service_categories/${companyId}/`, { token: cast.member }),
      serviceCategoryListSchema,
    )
    expect(plain.map((category) => category.title)).toEqual(['Hair', 'Colouring', 'Nails'])
    expect(plain[0]).toMatchObject({
      services_count: 3,
      service_count: 3,
      is_chain: false,
      services: [],
      is_category: true,
    })
    expect(plain[0]!.staff).toHaveLength(2)
    const included = expectOk(
      await call(server, 'GET', `/service_categories/${companyId}?include=services`, { token: cast.owner }),
      serviceCategoryListSchema,
    )
    expect(included[0]!.services.map((service) => service.title).sort()).toEqual([
      'Blow-dry styling',
      "Men's haircut",
      "Women's haircut",
    ])
  })

  it('creates, changes and deletes a category; one holding services stays', async () => {
    const created = expectOk(
      await call(server, 'POST', `/service_categories/${companyId}/`, {
        token: cast.owner,
        body: {
          title: 'Brows',
          sex: 2,
          translations: [{ language_id: 2, translation: 'Brows' }],
        },
      }),
      serviceCategorySchema,
      201,
    )
    expect(created).toMatchObject({
      title: 'Brows',
      sex: 2,
      is_chain: true,
      services_count: 0,
      salon_ids: [companyId],
    })
    const changed = expectOk(
      await call(server, 'PUT', `/service_categories/${companyId}/${created.id}`, {
        token: cast.owner,
        body: {
          weight: 50,
          booking_title: 'Eyebrows',
        },
      }),
      serviceCategorySchema,
    )
    expect(changed).toMatchObject({ weight: 50, booking_title: 'Eyebrows' })
    expectOk(
      await call(server, 'DELETE', `/service_categories/${companyId}/${created.id}`, { token: cast.owner }),
      v.null(),
    )
    // Deleted once: a second deletion finds no such category.
    expect(
      (await call(server, 'DELETE', `/service_categories/${companyId}/${created.id}`, { token: cast.owner }))
        .statusCode,
    ).toBe(404)
    const hair = byTitle('Blow-dry styling').category_id
    expect(
      (await call(server, 'DELETE', `/service_categories/${companyId}/${hair}`, { token: cast.owner }))
        .statusCode,
    ).toBe(409)
    // Refused, and still listed.
    const listed = json(await call(server, 'GET', `/service_categories/${companyId}/`, { token: cast.owner }))
      .data as { id: number }[]
    expect(listed.map((category) => category.id)).toContain(hair)
    expectInvalid(
      await call(server, 'POST', `/service_categories/${companyId}/`, {
        token: cast.owner,
        body: {
          title: '',
          sex: 3,
          translations: [
            { language_id: 1, translation: 'a' },
            { language_id: 1, translation: 'b' },
          ],
        },
      }),
      ['title', 'sex', 'translations'],
    )
  })

  it('keeps one live category of a name, whatever the case, even when created at once', async () => {
    const url = `/service_categories/${companyId}/`
    const create = (title: string) => call(server, 'POST', url, { token: cast.owner, body: { title } })
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, index) => create(index % 2 ? 'Threading' : 'THREADING')),
    )
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422])
    expect(json(replies.find((reply) => reply.statusCode === 422)!).meta.errors).toEqual({
      title: ['a category with this title already exists'],
    })
    const threading = json(replies.find((reply) => reply.statusCode === 201)!).data as { id: number }
    const other = expectOk(await create('Henna brows'), serviceCategorySchema, 201)
    expectInvalid(
      await call(server, 'PUT', `${url}${other.id}`, { token: cast.owner, body: { title: 'threading' } }),
      ['title'],
    )
    const listed = json(await call(server, 'GET', url, { token: cast.owner })).data as { title: string }[]
    expect(listed.filter((category) => category.title.toLowerCase() === 'threading')).toHaveLength(1)
    // Once deleted, the name is free again.
    for (const id of [threading.id, other.id])
      await call(server, 'DELETE', `${url}${id}`, { token: cast.owner })
    expect((await create('Threading')).statusCode).toBe(201)
  })

  it('merges the chain categories of all its salons for a member of the chain only', async () => {
    const groupId = cast.ids.tverskaya.mainGroupId!
    const chain = expectOk(
      await call(server, 'GET', `/chain/${groupId}/service_categories?include=services`, {
        token: cast.owner,
      }),
      serviceCategoryListSchema,
    )
    const hair = chain.find((category) => category.title === 'Hair')!
    expect(hair.salon_ids).toEqual([cast.ids.tverskaya.id, cast.ids.arbat.id])
    expect(hair.services).toHaveLength(hair.services_count)
    expect(chain.map((category) => category.title)).toEqual(expect.arrayContaining(['Skin care', 'Nails']))
    expect(
      (await call(server, 'GET', `/chain/${groupId}/service_categories`, { token: cast.stranger }))
        .statusCode,
    ).toBe(404)
    expectInvalid(await call(server, 'GET', '/chain/abc/service_categories', { token: cast.owner }), [
      'groupId',
    ])
  })
})
