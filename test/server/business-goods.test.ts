import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { goodCategoriesSchema, goodCategorySchema } from '../../contract/goods/schemas'
import { storagesSchema } from '../../contract/storages/schemas'
import { unitsSchema } from '../../contract/units/schemas'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  invalidFields,
  expectOk,
  type DemoCompanies,
} from './business-api-helpers'

describe.each(testDatabases())('storages, units and goods categories (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  let specialist: string
  let administrator: string
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    specialist = (await addMember(server, demo.tverskaya)).token
    administrator = (await addMember(server, demo.tverskaya, { role: 'administrator' })).token
  })
  afterAll(() => server.close())

  it('lists storages, with or without the trailing slash', async () => {
    for (const url of [`/storages/${demo.tverskaya}/`, `/storages/${demo.tverskaya}`]) {
      const list = expectOk(await call(server, 'GET', url, { token: demo.demoToken }), storagesSchema)
      expect(list.map(({ title, type }) => ({ title, type }))).toEqual([
        { title: 'Retail shelf', type: 'goods' },
        { title: 'Back room', type: 'consumables' },
      ])
    }
    expect(
      (await call(server, 'GET', `/storages/${demo.tverskaya}/`, { token: specialist })).statusCode,
    ).toBe(403)
    expect(
      (await call(server, 'GET', `/storages/${demo.tverskaya}/`, { token: administrator })).statusCode,
    ).toBe(200)
  })

  it('lists units', async () => {
    const list = expectOk(
      await call(server, 'GET', `/companies/${demo.northern}/units`, { token: demo.otherToken }),
      unitsSchema,
    )
    expect(list.map((unit) => unit.short_title)).toEqual(['pcs', 'ml'])
    expect(
      (await call(server, 'GET', `/companies/${demo.tverskaya}/units`, { token: specialist })).statusCode,
    ).toBe(403)
  })

  const categoriesUrl = (query = '') => `/companies/${demo.tverskaya}/good_categories${query}`

  it('lists the root categories with their child categories and goods', async () => {
    const roots = expectOk(
      await call(
        server,
        'GET',
        categoriesUrl('?include=child_categories,goods&filter[parent_category_id]=0'),
        { token: demo.demoToken },
      ),
      goodCategoriesSchema,
    )
    expect(
      roots.map((root) => [
        root.title,
        root.parent_category_id,
        root.child_categories?.map((child) => child.title),
        root.goods,
      ]),
    ).toEqual([
      ['Hair care', 0, ['Shampoos', 'Conditioners'], []],
      ['Nail care', 0, ['Gel polish'], []],
    ])
    const shampoos = roots[0]!.child_categories![0]!
    const category = expectOk(
      await call(server, 'GET', categoriesUrl(`/${shampoos.id}?include=child_categories,goods`), {
        token: demo.demoToken,
      }),
      goodCategorySchema,
    )
    expect(category.parent_category_id).toBe(roots[0]!.id)
    expect(category.child_categories).toEqual([])
    expect(category.goods?.map(({ title, price, article }) => ({ title, price, article }))).toEqual([
      { title: 'Colour-protect shampoo 1 l', price: 3200, article: 'SH-1000' },
      { title: 'Moisturising shampoo 250 ml', price: 1450, article: 'SH-250' },
    ])
  })

  it('lists every category, without includes unless asked', async () => {
    const all = expectOk(
      await call(server, 'GET', categoriesUrl(), { token: demo.demoToken }),
      goodCategoriesSchema,
    )
    expect(all).toHaveLength(5)
    expect(all[0]).not.toHaveProperty('goods')
    expect(all[0]).not.toHaveProperty('child_categories')
  })

  it('validates the query and the id', async () => {
    expect(
      invalidFields(
        await call(server, 'GET', categoriesUrl('?include=suppliers'), { token: demo.demoToken }),
      ),
    ).toEqual(['include'])
    expect(
      invalidFields(
        await call(server, 'GET', categoriesUrl('?filter[parent_category_id]=-1'), { token: demo.demoToken }),
      ),
    ).toEqual(['filter[parent_category_id]'])
    expect(
      invalidFields(await call(server, 'GET', categoriesUrl('/abc'), { token: demo.demoToken })),
    ).toEqual(['categoryId'])
  })

  it('answers a category of another company like a missing one', async () => {
    const foreign = json(
      await call(server, 'GET', `/companies/${demo.northern}/good_categories`, { token: demo.otherToken }),
    ).data
    const response = await call(server, 'GET', categoriesUrl(`/${foreign[0].id}`), { token: demo.demoToken })
    const missing = await call(server, 'GET', categoriesUrl('/999999'), { token: demo.demoToken })
    expect(response.statusCode).toBe(404)
    expect(response.body).toBe(missing.body)
  })

  it('needs the goods right', async () => {
    expect((await call(server, 'GET', categoriesUrl(), { token: specialist })).statusCode).toBe(403)
    expect((await call(server, 'GET', categoriesUrl(), { token: administrator })).statusCode).toBe(200)
  })
})
