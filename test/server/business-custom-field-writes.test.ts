import { and, asc, eq, like } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  companyCustomFieldSchema,
  companyCustomFieldsSchema,
  type CompanyCustomField,
  type CustomFieldKind,
} from '../../contract/custom-fields/schemas'
import { auditLog, customFields } from '../../server/db/schema'
import {
  createTestServer,
  signIn,
  SPECIALIST,
  testDatabases,
  type TestServer,
} from '../support/server-harness'
import { addMember, call, expectInvalid, expectOk, signInCast } from './business-api-helpers'

/**
 * Writing the custom-field definitions of a company: create, change, order and delete, each behind the edit flag
 * of the field's kind, scoped to the company, validated and written to the audit log.
 */
describe.each(testDatabases())('custom field writes (%s)', (kind) => {
  let server: TestServer
  let cast: Awaited<ReturnType<typeof signInCast>>
  let companyId: number
  let northernId: number
  let specialist: string
  let clientEditor: { token: string; userId: number }
  let noFlags: string

  beforeAll(async () => {
    server = await createTestServer(kind)
    cast = await signInCast(server)
    companyId = cast.ids.tverskaya.id
    northernId = cast.ids.barbers.id
    specialist = (await signIn(server.app, SPECIALIST.email, SPECIALIST.password)).access_token
    clientEditor = await addMember(server, companyId, {
      overrides: { custom_fields_client_values_edit_access: true },
    })
    noFlags = (
      await addMember(server, companyId, {
        role: 'accountant',
        overrides: {
          custom_fields_record_values_read_access: false,
          custom_fields_client_values_read_access: false,
        },
      })
    ).token
  })
  afterAll(() => server.close())

  const base = (company = companyId) => `/companies/${company}/custom_fields`

  async function list(fieldKind: CustomFieldKind, company = companyId, token = cast.owner) {
    return expectOk(
      await call(
        server,
        'GET',
        `${base(company)}?include=custom_field_type,ui_options&filter[parent_entity_type]=${fieldKind}`,
        { token },
      ),
      companyCustomFieldsSchema,
    )
  }

  async function create(body: Record<string, unknown>, token = cast.owner): Promise<CompanyCustomField> {
    return expectOk(await call(server, 'POST', base(), { token, body }), companyCustomFieldSchema, 201)
  }

  /** Every row of the table, to show that a refused write changed nothing anywhere. */
  const allRows = () => server.db.select().from(customFields).orderBy(asc(customFields.id))

  const auditOf = (entityId: number) =>
    server.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'custom_field_%'))
      .then((rows) => rows.filter((row) => row.details.entity_id === entityId))

  it('creates a list field at the end of its kind, its code and option keys made from the titles', async () => {
    const before = await list('client')
    const created = await create({
      parent_entity_type: 'client',
      type: 'select',
      title: '  Skin type ',
      values: [{ title: 'Dry' }, { title: 'Oily skin' }],
    })
    expect(created).toMatchObject({
      title: 'Skin type',
      code: 'skin_type',
      type: 'select',
      parent_entity_type: 'client',
      values: [
        { id: 'dry', title: 'Dry' },
        { id: 'oily_skin', title: 'Oily skin' },
      ],
      // Left out, the field shows in its own kind's window only.
      ui_options: { show_in_record_window: false, show_in_client_window: true },
    })
    const after = await list('client')
    expect(after.map((field) => field.id)).toEqual([...before.map((field) => field.id), created.id])
    expect(created.weight).toBeGreaterThan(Math.max(...before.map((field) => field.weight)))
  })

  it('makes a code unique per company and kind, from a Russian title too, and refuses a code taken', async () => {
    const again = await create({ parent_entity_type: 'client', type: 'text', title: 'Skin type' })
    expect(again.code).toBe('skin_type_2')
    const russian = await create({ parent_entity_type: 'client', type: 'text', title: 'Аллергия на краску' })
    expect(russian.code).toBe('allergiya_na_krasku')
    // hair_type is a client field of the demo salon: taken for clients, free for records.
    expectInvalid(
      await call(server, 'POST', base(), {
        token: cast.owner,
        body: { parent_entity_type: 'client', type: 'text', title: 'Hair', code: 'hair_type' },
      }),
      ['code'],
    )
    const record = await create({
      parent_entity_type: 'record',
      type: 'checkbox',
      title: 'Hair',
      code: 'Hair_Type',
      ui_options: { show_in_record_window: true, show_in_client_window: true },
    })
    expect(record).toMatchObject({
      code: 'hair_type',
      ui_options: { show_in_record_window: true, show_in_client_window: true },
    })
  })

  it('changes the title, type, options and where a field shows; the kind and the code stay', async () => {
    const field = await create({
      parent_entity_type: 'client',
      type: 'select',
      title: 'Coffee',
      values: [{ title: 'Black' }, { title: 'With milk' }],
    })
    const put = (body: unknown) => call(server, 'PUT', `${base()}/${field.id}`, { token: cast.owner, body })
    const changed = expectOk(
      await put({
        title: 'Favourite coffee',
        // The kept option keeps its key (saved values refer to it); a new one gets a key of its own.
        values: [{ id: 'with_milk', title: 'Latte' }, { title: 'Black' }],
        ui_options: { show_in_record_window: true },
      }),
      companyCustomFieldSchema,
    )
    expect(changed).toMatchObject({
      id: field.id,
      code: 'coffee',
      parent_entity_type: 'client',
      title: 'Favourite coffee',
      values: [
        { id: 'with_milk', title: 'Latte' },
        { id: 'black', title: 'Black' },
      ],
      ui_options: { show_in_record_window: true, show_in_client_window: true },
    })
    // Options belong to lists: a field that stops being a list loses them ...
    const text = expectOk(await put({ type: 'text' }), companyCustomFieldSchema)
    expect(text).toMatchObject({ type: 'text', values: [] })
    // ... becomes a list again only with options, and only a list takes them.
    expectInvalid(await put({ type: 'select' }), ['values'])
    expectInvalid(await put({ values: [{ title: 'A' }] }), ['values'])
    expectInvalid(await put({ type: 'select', values: [] }), ['values'])
    const list = expectOk(
      await put({ type: 'select', values: [{ title: 'Espresso' }] }),
      companyCustomFieldSchema,
    )
    expect(list.values).toEqual([{ id: 'espresso', title: 'Espresso' }])
    expectInvalid(await put({ parent_entity_type: 'record', code: 'other' }), ['_'])
    const [row] = await server.db.select().from(customFields).where(eq(customFields.id, field.id))
    expect(row).toMatchObject({ parentEntityType: 'client', code: 'coffee', title: 'Favourite coffee' })
  })

  it('keeps every saved value valid: no new type while a card holds one, no option taken away that one has chosen', async () => {
    const field = await create({
      parent_entity_type: 'client',
      type: 'select',
      title: 'Hair length',
      values: [{ title: 'Short' }, { title: 'Long' }],
    })
    const put = (body: unknown) => call(server, 'PUT', `${base()}/${field.id}`, { token: cast.owner, body })
    const client = expectOk(
      await call(server, 'POST', `/company/${companyId}/clients`, {
        token: cast.owner,
        body: { name: 'Zoya Field', custom_fields: { [field.id]: 'long' } },
      }),
      v.object({ id: v.number() }),
      201,
    )
    const before = await allRows()
    expectInvalid(await put({ type: 'date' }), ['type'])
    expectInvalid(await put({ type: 'text', title: 'Length' }), ['type'])
    expectInvalid(await put({ values: [{ id: 'short', title: 'Short' }] }), ['values'])
    expect(await allRows()).toEqual(before)
    // An option nobody has chosen may go, and the chosen one may be renamed.
    const renamed = expectOk(
      await put({ values: [{ id: 'long', title: 'Long hair' }] }),
      companyCustomFieldSchema,
    )
    expect(renamed.values).toEqual([{ id: 'long', title: 'Long hair' }])
    // Once the card no longer holds a value, the type may change.
    const clearCard = (values: Record<string, unknown>) =>
      call(server, 'PUT', `/company/${companyId}/clients/${client.id}`, {
        token: cast.owner,
        body: { custom_fields: values },
      })
    expect((await clearCard({ [field.id]: null })).statusCode).toBe(200)
    expect(expectOk(await put({ type: 'date' }), companyCustomFieldSchema).type).toBe('date')
  })

  it('names each invalid field and stores nothing', async () => {
    const before = await allRows()
    const post = (body: unknown) => call(server, 'POST', base(), { token: cast.owner, body })
    expectInvalid(await post({ parent_entity_type: 'staff', type: 'colour', title: '   ' }), [
      'parent_entity_type',
      'type',
      'title',
    ])
    expectInvalid(await post({ parent_entity_type: 'client', type: 'text', title: 'x'.repeat(101) }), [
      'title',
    ])
    expectInvalid(await post({ parent_entity_type: 'client', type: 'select', title: 'Mood' }), ['values'])
    expectInvalid(await post({ parent_entity_type: 'client', type: 'select', title: 'Mood', values: [] }), [
      'values',
    ])
    expectInvalid(
      await post({
        parent_entity_type: 'client',
        type: 'select',
        title: 'Mood',
        values: [{ title: 'Calm' }, { title: ' calm ' }],
      }),
      ['values'],
    )
    expectInvalid(
      await post({ parent_entity_type: 'client', type: 'select', title: 'Mood', values: [{ title: ' ' }] }),
      ['values.0.title'],
    )
    expectInvalid(
      await post({ parent_entity_type: 'client', type: 'number', title: 'Mood', values: [{ title: 'A' }] }),
      ['values'],
    )
    expectInvalid(await post({ parent_entity_type: 'client', type: 'text', title: 'Mood', code: '1st' }), [
      'code',
    ])
    const [first] = await list('client')
    expectInvalid(await call(server, 'PUT', `${base()}/${first!.id}`, { token: cast.owner, body: {} }), ['_'])
    expectInvalid(
      await call(server, 'PUT', `${base()}/${first!.id}`, { token: cast.owner, body: { title: '' } }),
      ['title'],
    )
    const sort = (body: unknown) => call(server, 'POST', `${base()}/sort`, { token: cast.owner, body })
    expectInvalid(await sort({ parent_entity_type: 'client', ids: [] }), ['ids'])
    expectInvalid(await sort({ parent_entity_type: 'client', ids: [first!.id, first!.id] }), ['ids'])
    expectInvalid(await sort({ parent_entity_type: 'both', ids: [first!.id] }), ['parent_entity_type'])
    expect(await allRows()).toEqual(before)
  })

  it('orders one kind as listed, the fields left out after them, in one go', async () => {
    const before = await list('record')
    const ids = before.map((field) => field.id)
    const reversed = [...ids].reverse()
    const sorted = expectOk(
      await call(server, 'POST', `${base()}/sort`, {
        token: cast.owner,
        body: { parent_entity_type: 'record', ids: reversed },
      }),
      companyCustomFieldsSchema,
    )
    expect(sorted.map((field) => field.id)).toEqual(reversed)
    expect(sorted.map((field) => field.weight)).toEqual(reversed.map((_, index) => index + 1))
    expect((await list('record')).map((field) => field.id)).toEqual(reversed)
    // Naming only the last one moves it to the top; the others keep their order below it.
    const top = expectOk(
      await call(server, 'POST', `${base()}/sort`, {
        token: cast.owner,
        body: { parent_entity_type: 'record', ids: [ids[0]] },
      }),
      companyCustomFieldsSchema,
    )
    expect(top.map((field) => field.id)).toEqual([ids[0], ...reversed.slice(0, -1)])
    // The client list was not touched.
    expect((await list('client')).map((field) => field.id)).toEqual(
      (await list('client')).map((field) => field.id),
    )
  })

  it('refuses a sort that names a field of another kind or company, and changes nothing', async () => {
    const records = await list('record')
    const [clientField] = await list('client')
    const [northernField] = await server.db
      .select()
      .from(customFields)
      .where(eq(customFields.companyId, northernId))
    const before = await allRows()
    for (const stray of [clientField!.id, northernField!.id, 2_000_000]) {
      expectInvalid(
        await call(server, 'POST', `${base()}/sort`, {
          token: cast.owner,
          body: { parent_entity_type: 'record', ids: [stray, ...records.map((field) => field.id)] },
        }),
        ['ids'],
      )
    }
    expect(await allRows()).toEqual(before)
  })

  it('keeps a whole order when sorts run at once', async () => {
    const ids = (await list('client')).map((field) => field.id)
    expect(ids.length).toBeGreaterThanOrEqual(4)
    const orders = Array.from({ length: 8 }, (_, index) =>
      [...ids].sort((a, b) => ((a * (index + 3)) % 7) - ((b * (index + 3)) % 7) || a - b),
    )
    const replies = await Promise.all(
      orders.map((order) =>
        call(server, 'POST', `${base()}/sort`, {
          token: cast.owner,
          body: { parent_entity_type: 'client', ids: order },
        }),
      ),
    )
    expect(replies.map((reply) => reply.statusCode)).toEqual(orders.map(() => 200))
    const after = await list('client')
    // One of the orders asked for, whole, numbered 1..n without ties or gaps.
    expect(orders).toContainEqual(after.map((field) => field.id))
    expect(after.map((field) => field.weight)).toEqual(ids.map((_, index) => index + 1))
  })

  it('deletes a field for good', async () => {
    const field = await create({ parent_entity_type: 'record', type: 'date', title: 'Patch test date' })
    expectOk(await call(server, 'DELETE', `${base()}/${field.id}`, { token: cast.owner }), v.null())
    expect((await list('record')).map((item) => item.id)).not.toContain(field.id)
    expect((await call(server, 'DELETE', `${base()}/${field.id}`, { token: cast.owner })).statusCode).toBe(
      404,
    )
    expect(
      (await call(server, 'PUT', `${base()}/${field.id}`, { token: cast.owner, body: { title: 'x' } }))
        .statusCode,
    ).toBe(404)
  })

  it('writes who changed what to the audit log', async () => {
    const field = await create({ parent_entity_type: 'client', type: 'text', title: 'Audit me' })
    await call(server, 'PUT', `${base()}/${field.id}`, { token: cast.owner, body: { title: 'Audited' } })
    const ids = (await list('client')).map((item) => item.id)
    await call(server, 'POST', `${base()}/sort`, {
      token: cast.owner,
      body: { parent_entity_type: 'client', ids: [field.id] },
    })
    await call(server, 'DELETE', `${base()}/${field.id}`, { token: cast.owner })
    const rows = await auditOf(field.id)
    expect(rows.map((row) => row.action)).toEqual([
      'custom_field_created',
      'custom_field_updated',
      'custom_field_moved',
      'custom_field_deleted',
    ])
    expect(rows.every((row) => row.companyId === companyId && row.actorUserId === cast.ownerId)).toBe(true)
    expect(rows[0]!.details).toMatchObject({
      entity_id: field.id,
      changes: { code: 'audit_me', title: 'Audit me', type: 'text', parent_entity_type: 'client' },
    })
    expect(rows[1]!.details).toEqual({ entity_id: field.id, changes: { title: 'Audited' } })
    expect(rows[2]!.details).toEqual({ entity_id: field.id, changes: { weight: 1 } })
    expect(rows[3]!.details).toMatchObject({ changes: { code: 'audit_me', title: 'Audited' } })
    // The fields pushed down by the move are logged as moved too.
    const pushed = await auditOf(ids[0]!)
    expect(pushed.at(-1)).toMatchObject({ action: 'custom_field_moved', details: { changes: { weight: 2 } } })
  })

  it('refuses every write to a user without the edit flag of the kind, and nothing changes', async () => {
    const [record] = await list('record')
    const [client] = await list('client')
    const before = await allRows()
    const auditBefore = await server.db.select().from(auditLog)
    const attempts = (token: string, field: CompanyCustomField, fieldKind: CustomFieldKind) => [
      call(server, 'POST', base(), {
        token,
        body: { parent_entity_type: fieldKind, type: 'text', title: 'Sneaked in' },
      }),
      call(server, 'PUT', `${base()}/${field.id}`, { token, body: { title: 'Renamed' } }),
      call(server, 'POST', `${base()}/sort`, {
        token,
        body: { parent_entity_type: fieldKind, ids: [field.id] },
      }),
      call(server, 'DELETE', `${base()}/${field.id}`, { token }),
    ]
    const refusals = await Promise.all([
      // The specialist demo account reads both kinds and may change neither.
      ...attempts(specialist, record!, 'record'),
      ...attempts(specialist, client!, 'client'),
      // A member who may change client fields may not change record fields.
      ...attempts(clientEditor.token, record!, 'record'),
      // A member without any custom-field flag, even with a body that is not valid.
      call(server, 'POST', base(), { token: noFlags, body: { title: '' } }),
      ...attempts(noFlags, client!, 'client'),
    ])
    expect(refusals.map((reply) => reply.statusCode)).toEqual(refusals.map(() => 403))
    expect(await allRows()).toEqual(before)
    expect(await server.db.select().from(auditLog)).toEqual(auditBefore)
    // Without a read flag, a kind still lists empty, as before.
    expect(await list('client', companyId, noFlags)).toEqual([])
    expect(await list('record', companyId, clientEditor.token)).toHaveLength(
      before.filter((row) => row.companyId === companyId && row.parentEntityType === 'record').length,
    )
  })

  it('lets a member with the client edit flag manage client fields, logged under their name', async () => {
    const field = await create(
      { parent_entity_type: 'client', type: 'number', title: 'Shoe size' },
      clientEditor.token,
    )
    expectOk(
      await call(server, 'PUT', `${base()}/${field.id}`, {
        token: clientEditor.token,
        body: { ui_options: { show_in_client_window: false } },
      }),
      companyCustomFieldSchema,
    )
    expectOk(await call(server, 'DELETE', `${base()}/${field.id}`, { token: clientEditor.token }), v.null())
    const rows = await auditOf(field.id)
    expect(rows).toHaveLength(3)
    expect(rows.every((row) => row.actorUserId === clientEditor.userId)).toBe(true)
  })

  it('keeps another company’s fields out of reach: 404, and nothing changes', async () => {
    const northern = await list('client', northernId, cast.stranger)
    const stranger = northern[0]!
    const before = await allRows()
    const replies = [
      await call(server, 'PUT', `${base()}/${stranger.id}`, { token: cast.owner, body: { title: 'Mine' } }),
      await call(server, 'DELETE', `${base()}/${stranger.id}`, { token: cast.owner }),
      // The other company's own address, which the demo owner is no member of.
      await call(server, 'POST', base(northernId), {
        token: cast.owner,
        body: { parent_entity_type: 'client', type: 'text', title: 'Sneaked in' },
      }),
      await call(server, 'PUT', `${base(northernId)}/${stranger.id}`, {
        token: cast.owner,
        body: { title: 'Mine' },
      }),
      await call(server, 'DELETE', `${base(northernId)}/${stranger.id}`, { token: cast.owner }),
      await call(server, 'POST', `${base(northernId)}/sort`, {
        token: cast.owner,
        body: { parent_entity_type: 'client', ids: [stranger.id] },
      }),
    ]
    expect(replies.map((reply) => reply.statusCode)).toEqual([404, 404, 404, 404, 404, 404])
    expect(await allRows()).toEqual(before)
    expect(
      await server.db
        .select()
        .from(customFields)
        .where(and(eq(customFields.companyId, northernId), eq(customFields.id, stranger.id))),
    ).toHaveLength(1)
  })
})
