import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { imageGroupSchema } from '../../contract/images/schemas'
import { serviceCategorySchema, type ServiceCategory } from '../../contract/service-categories/schemas'
import { serviceListSchema, serviceSchema, type Service } from '../../contract/services/schemas'
import { auditLog } from '../../server/db/schema'
import { multipart, PNG } from '../support/multipart-upload'
import { bearer, createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import { addMember, call, expectOk, invalidFields, signInCast } from './business-api-helpers'

/** Translations that must each be refused with 422, naming what is wrong. */
const badTranslations: [string, unknown][] = [
  ['a language id of 0', [{ language_id: 0, translation: 'Haircut' }]],
  ['a language id past the last one (35)', [{ language_id: 36, translation: 'Haircut' }]],
  ['a fractional language id', [{ language_id: 1.5, translation: 'Haircut' }]],
  ['a language id as text', [{ language_id: '2', translation: 'Haircut' }]],
  ['a translation of 256 characters', [{ language_id: 2, translation: 'x'.repeat(256) }]],
  ['an empty translation', [{ language_id: 2, translation: '   ' }]],
  [
    'two translations into one language',
    [
      { language_id: 2, translation: 'Cut' },
      { language_id: 2, translation: 'Haircut' },
    ],
  ],
  ['no list', { language_id: 2, translation: 'Haircut' }],
]

describe.each(testDatabases())('service titles in other languages and service pictures (%s)', (kind) => {
  let server: TestServer
  let cast: Awaited<ReturnType<typeof signInCast>>
  let companyId: number
  let haircut: Service

  const readService = async (id: number) =>
    expectOk(await call(server, 'GET', `/services/${companyId}/${id}`, { token: cast.owner }), serviceSchema)
  const readCategory = async (id: number): Promise<ServiceCategory> => {
    const list = expectOk(
      await call(server, 'GET', `/service_categories/${companyId}/`, { token: cast.owner }),
      v.array(serviceCategorySchema),
    )
    return list.find((category) => category.id === id)!
  }
  const upload = (
    serviceId: number,
    file?: Parameters<typeof multipart>[1],
    token = cast.owner,
    company = companyId,
  ) => {
    const body = multipart({}, file)
    return server.app.inject({
      method: 'POST',
      url: `/api/v1/services/${company}/${serviceId}/image`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    })
  }
  const png = { field: 'image', bytes: PNG, type: 'image/png' }

  beforeAll(async () => {
    server = await createTestServer(kind)
    cast = await signInCast(server)
    companyId = cast.ids.tverskaya.id
    const services = expectOk(
      await call(server, 'GET', `/services/${companyId}/`, { token: cast.owner }),
      serviceListSchema,
    )
    haircut = services.find((service) => service.title === "Men's haircut")!
  })
  afterAll(() => server.close())

  it("saves a service's English title, changes it and clears it", async () => {
    const put = (translations: unknown) =>
      call(server, 'PUT', `/services/${companyId}/${haircut.id}`, {
        token: cast.owner,
        body: { translations },
      })
    const saved = expectOk(await put([{ language_id: 2, translation: "  Men's haircut  " }]), serviceSchema)
    expect(saved.translations).toEqual([{ language_id: 2, translation: "Men's haircut" }])
    expect((await readService(haircut.id)).translations).toEqual(saved.translations)
    expectOk(await put([{ language_id: 35, translation: 'Corte masculino' }]), serviceSchema)
    expect((await readService(haircut.id)).translations).toEqual([
      { language_id: 35, translation: 'Corte masculino' },
    ])
    expectOk(await put([]), serviceSchema)
    expect((await readService(haircut.id)).translations).toEqual([])
  })

  it.each(badTranslations)('refuses %s on a service and changes nothing', async (_case, translations) => {
    const before = await readService(haircut.id)
    const response = await call(server, 'PUT', `/services/${companyId}/${haircut.id}`, {
      token: cast.owner,
      body: { title: 'Renamed', translations },
    })
    expect(invalidFields(response)[0]).toMatch(/^translations/)
    const after = await readService(haircut.id)
    expect([after.title, after.translations, after.version]).toEqual([
      before.title,
      before.translations,
      before.version,
    ])
    const created = await call(server, 'POST', `/services/${companyId}/`, {
      token: cast.owner,
      body: { title: 'Never made', category_id: haircut.category_id, translations },
    })
    expect(invalidFields(created)[0]).toMatch(/^translations/)
  })

  it.each(badTranslations)('refuses %s on a category and changes nothing', async (_case, translations) => {
    const categoryId = haircut.category_id
    const before = await readCategory(categoryId)
    const response = await call(server, 'PUT', `/service_categories/${companyId}/${categoryId}`, {
      token: cast.owner,
      body: { title: 'Renamed', translations },
    })
    expect(invalidFields(response)[0]).toMatch(/^translations/)
    const after = await readCategory(categoryId)
    expect([after.title, after.translations]).toEqual([before.title, before.translations])
  })

  it('renames a category with its English title and keeps it', async () => {
    const categoryId = haircut.category_id
    const changed = expectOk(
      await call(server, 'PUT', `/service_categories/${companyId}/${categoryId}`, {
        token: cast.owner,
        body: { title: 'Hair', translations: [{ language_id: 2, translation: 'Hair and styling' }] },
      }),
      serviceCategorySchema,
    )
    expect(changed.translations).toEqual([{ language_id: 2, translation: 'Hair and styling' }])
    expect((await readCategory(categoryId)).translations).toEqual(changed.translations)
  })

  it('uploads a picture as the current one without touching the version, and serves it', async () => {
    const before = await readService(haircut.id)
    const group = expectOk(await upload(haircut.id, png), imageGroupSchema)
    expect(group).toMatchObject({ entity: 'service', entity_id: haircut.id })
    const after = await readService(haircut.id)
    expect(after.image).toBe(group.images[0]!.url)
    expect(after.images.map((image) => image.id)).toEqual(group.images.map((image) => image.id))
    expect(after.image_group?.id).toBe(group.id)
    // An editor opened before the upload can still save its fields.
    expect(after.version).toBe(before.version)
    const served = await server.app.inject({ method: 'GET', url: after.image })
    expect(served.statusCode).toBe(200)
    expect(served.rawPayload.equals(PNG)).toBe(true)
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'service_image_created')))
    expect(entry?.details).toMatchObject({ entity_id: haircut.id, changes: { url: after.image } })
  })

  it('refuses what is not an acceptable picture and keeps the current one', async () => {
    const current = (await readService(haircut.id)).image
    expect(current).not.toBe('')
    const refusals = [
      await upload(haircut.id, { field: 'image', bytes: Buffer.from('<svg/>'), type: 'image/png' }),
      await upload(haircut.id, { field: 'image', bytes: Buffer.from('GIF89a......'), type: 'image/gif' }),
      await upload(haircut.id),
      await upload(haircut.id, { ...png, field: 'avatar' }),
    ]
    for (const refused of refusals) expect(invalidFields(refused)).toEqual(['image'])
    const tooLarge = await upload(haircut.id, {
      field: 'image',
      bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
      type: 'image/png',
    })
    expect(tooLarge.statusCode).toBe(413)
    const asJson = await call(server, 'POST', `/services/${companyId}/${haircut.id}/image`, {
      token: cast.owner,
      body: { image: 'x' },
    })
    expect(asJson.statusCode).toBe(415)
    expect((await upload(haircut.id, png, cast.member)).statusCode).toBe(403)
    expect((await upload(haircut.id, png, cast.stranger)).statusCode).toBe(404)
    // Another company's service answers as if it did not exist.
    const arbat = expectOk(
      await call(server, 'GET', `/services/${cast.ids.arbat.id}/`, { token: cast.owner }),
      serviceListSchema,
    )[0]!
    expect((await upload(arbat.id, png)).statusCode).toBe(404)
    expect((await upload(999_999, png)).statusCode).toBe(404)
    expect((await readService(haircut.id)).image).toBe(current)
  })

  it('replaces the picture: the old one and its file are gone, so the uploads do not pile up', async () => {
    const [previous] = (await readService(haircut.id)).images
    expect(previous).toBeDefined()
    const group = expectOk(await upload(haircut.id, png), imageGroupSchema)
    expect(group.images).toHaveLength(1)
    expect(group.images[0]!.id).not.toBe(previous!.id)
    const after = await readService(haircut.id)
    expect(after.images.map((image) => image.id)).toEqual([group.images[0]!.id])
    expect((await server.app.inject({ method: 'GET', url: previous!.url })).statusCode).toBe(404)
    expect((await server.app.inject({ method: 'GET', url: after.image })).statusCode).toBe(200)
  })

  it('removes every picture of the service, its files too, and only with the edit right', async () => {
    const group = expectOk(await upload(haircut.id, png), imageGroupSchema)
    expect(group.images).toHaveLength(1)
    const before = await readService(haircut.id)
    const remove = (token: string, serviceId = haircut.id) =>
      call(server, 'DELETE', `/services/${companyId}/${serviceId}/image`, { token })
    expect((await remove(cast.member)).statusCode).toBe(403)
    expect((await remove(cast.stranger)).statusCode).toBe(404)
    expect((await remove(cast.owner, 999_999)).statusCode).toBe(404)
    expect((await readService(haircut.id)).image).toBe(before.image)

    expectOk(await remove(cast.owner), v.null())
    const after = await readService(haircut.id)
    expect([after.image, after.images, after.image_group, after.version]).toEqual([
      '',
      [],
      null,
      before.version,
    ])
    for (const image of group.images) {
      expect((await server.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404)
    }
    // Removing what is already gone is no error.
    expectOk(await remove(cast.owner), v.null())
    // A new picture starts a fresh list: the removed ones do not come back.
    const fresh = expectOk(await upload(haircut.id, png), imageGroupSchema)
    expect(fresh.images).toHaveLength(1)
  })

  it('drops the pictures when a save sends delete_image, as SPEC.md names it', async () => {
    expect((await readService(haircut.id)).images).toHaveLength(1)
    const saved = expectOk(
      await call(server, 'PUT', `/services/${companyId}/${haircut.id}`, {
        token: cast.owner,
        body: { delete_image: true },
      }),
      serviceSchema,
    )
    expect([saved.image, saved.images]).toEqual(['', []])
    const again = expectOk(await upload(haircut.id, png), imageGroupSchema)
    expect(again.images).toHaveLength(1)
  })

  it('lets an editor with the edit right but no settings of their own upload', async () => {
    const editor = await addMember(server, companyId, {
      overrides: { settings_services_edit_access: true },
    })
    expect((await upload(haircut.id, png, editor.token)).statusCode).toBe(200)
  })
})
