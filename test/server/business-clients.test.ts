import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import {
  clientCardSchema,
  clientListSchema,
  importReportSchema,
  mergeReportSchema,
  type ClientCard,
} from '../../contract/clients/schemas'
import { ErrorCode } from '../../contract/error-codes'
import {
  appointments,
  auditLog,
  clientCategories,
  clients,
  customFields,
  labels,
  staff,
} from '../../server/db/schema'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import {
  addMember,
  call,
  demoCompanies,
  expectOk,
  invalidFields,
  type DemoCompanies,
} from './business-api-helpers'

describe.each(testDatabases())('the client base (%s)', (kind) => {
  let server: TestServer
  let demo: DemoCompanies
  /** A company of its own, so that the seeded demo clients do not count in the lists here. */
  let company: number
  beforeAll(async () => {
    server = await createTestServer(kind)
    demo = await demoCompanies(server)
    company = demo.arbat
  })
  afterAll(() => server.close())

  const base = (companyId = company) => `/company/${companyId}/clients`
  const create = (body: unknown, token = demo.demoToken, companyId = company) =>
    call(server, 'POST', base(companyId), { token, body })
  const created = async (body: object) => expectOk(await create(body), clientCardSchema, 201)
  const list = async (query: string, token = demo.demoToken, companyId = company) =>
    expectOk(await call(server, 'GET', `${base(companyId)}${query}`, { token }), clientListSchema)
  const names = async (query: string) => (await list(query)).map((client) => client.name)

  it('stores a phone as E.164 read in the company country, and finds it typed three other ways', async () => {
    const anna = await created({
      name: 'Anna',
      surname: 'Search',
      phone: '8 (916) 555-01-23',
      email: 'Anna@Example.com',
    })
    expect(anna.phone).toBe('+79165550123')
    expect(anna.email).toBe('anna@example.com')
    for (const typed of ['+7 916 555 01 23', '89165550123', '916-555', '8 916 555', '(916) 555-01-23']) {
      expect(await names(`?q=${encodeURIComponent(typed)}`), typed).toEqual(['Anna'])
    }
    expect(await names(`?q=${encodeURIComponent('ANNA@example')}`)).toEqual(['Anna'])
    expect(await names(`?q=${encodeURIComponent('search anna')}`)).toEqual(['Anna'])
    expect(await names(`?q=${encodeURIComponent('+7 916 000')}`)).toEqual([])
  })

  it('refuses a phone another live client has with a 409 naming that client; deleting frees it', async () => {
    const first = await created({ name: 'Boris', surname: 'First', phone: '+79165550200' })
    const second = await create({ name: 'Boris', surname: 'Second', phone: '8 916 555-02-00' })
    expect(second.statusCode).toBe(409)
    expect(json(second).meta.message).toBe('Boris First already has this phone number')
    expect(json(second).errors).toMatchObject({
      code: ErrorCode.duplicateClientPhone,
      existing_client: { id: first.id, name: 'Boris', surname: 'First' },
    })
    const other = await created({ name: 'Vera', phone: '+79165550201' })
    const change = await call(server, 'PUT', `${base()}/${other.id}`, {
      token: demo.demoToken,
      body: { phone: '+79165550200' },
    })
    expect(change.statusCode).toBe(409)
    expect(json(change).errors.existing_client.id).toBe(first.id)
    expect(
      (await call(server, 'DELETE', `${base()}/${first.id}`, { token: demo.demoToken })).statusCode,
    ).toBe(200)
    expect((await call(server, 'GET', `${base()}/${first.id}`, { token: demo.demoToken })).statusCode).toBe(
      404,
    )
    expect(await names('?q=First')).toEqual([])
    expect((await create({ name: 'Boris', surname: 'Again', phone: '+79165550200' })).statusCode).toBe(201)
  })

  it('of ten simultaneous creates with one phone makes exactly one client', async () => {
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, index) => create({ name: `Racer ${index}`, phone: '+79165550300' })),
    )
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)])
    const rows = await server.db
      .select()
      .from(clients)
      .where(and(eq(clients.companyId, company), eq(clients.phone, '+79165550300')))
    expect(rows).toHaveLength(1)
  })

  it('validates a client: name, phone, e-mail and dates', async () => {
    expect(invalidFields(await create({ surname: 'Nobody' }))).toEqual(['name'])
    expect(invalidFields(await create({ name: 'X', phone: '12' }))).toEqual(['phone'])
    expect(invalidFields(await create({ name: 'X', phone: '+7 916 12' }))).toEqual(['phone'])
    expect(invalidFields(await create({ name: 'X', email: 'not-mail' }))).toEqual(['email'])
    // SPEC.md section 5: the top-level part of letters, at least two.
    for (const email of ['a@b.c', 'a@b.123', 'a@b'])
      expect(invalidFields(await create({ name: 'X', email })), email).toEqual(['email'])
    expect(invalidFields(await create({ name: 'X', birth_date: '2020-02-30' }))).toEqual(['birth_date'])
    for (const birthDate of ['2999-01-01', '1899-12-31'])
      expect(invalidFields(await create({ name: 'X', birth_date: birthDate })), birthDate).toEqual([
        'birth_date',
      ])
    expect(invalidFields(await create({ name: 'X', labels: [999999] }))).toEqual(['labels'])
    // Every reference's problem in one reply.
    expect(invalidFields(await create({ name: 'X', labels: [999999], categories: [999999] }))).toEqual([
      'categories',
      'labels',
    ])
  })

  it('keeps labels, categories and typed custom field values on the card', async () => {
    const [label] = await server.db
      .insert(labels)
      .values({ companyId: company, title: 'Allergy', color: '#ff0000', fontColor: '#ffffff', entity: 1 })
      .returning()
    const [category] = await server.db
      .insert(clientCategories)
      .values({ companyId: company, title: 'Gold', color: '#ffd700' })
      .returning()
    const fields = await server.db
      .insert(customFields)
      .values([
        {
          companyId: company,
          parentEntityType: 'client',
          typeSlug: 'number',
          code: 'shoe',
          title: 'Shoe size',
          showInClientWindow: true,
        },
        {
          companyId: company,
          parentEntityType: 'client',
          typeSlug: 'select',
          code: 'hair',
          title: 'Hair',
          values: [
            ['short', 'Short'],
            ['long', 'Long'],
          ],
        },
        {
          companyId: company,
          parentEntityType: 'record',
          typeSlug: 'text',
          code: 'note',
          title: 'Visit note',
        },
      ])
      .returning()
    const [shoe, hair, recordField] = fields
    const client = await created({
      name: 'Galina',
      labels: [label!.id],
      categories: [category!.id],
      custom_fields: { [shoe!.id]: 38, [hair!.id]: 'long' },
      comment: 'Prefers mornings',
    })
    expect(client.labels).toEqual([{ id: label!.id, title: 'Allergy', color: '#ff0000' }])
    expect(client.categories).toEqual([{ id: category!.id, title: 'Gold', color: '#ffd700' }])
    expect(client.custom_fields).toEqual({ [shoe!.id]: 38, [hair!.id]: 'long' })
    expect(await names(`?label=${label!.id}`)).toEqual(['Galina'])
    expect(await names(`?category=${category!.id}`)).toEqual(['Galina'])
    const put = (body: unknown) =>
      call(server, 'PUT', `${base()}/${client.id}`, { token: demo.demoToken, body })
    expect(invalidFields(await put({ custom_fields: { [shoe!.id]: 'big' } }))).toEqual([
      `custom_fields.${shoe!.id}`,
    ])
    expect(invalidFields(await put({ custom_fields: { [hair!.id]: 'curly' } }))).toEqual([
      `custom_fields.${hair!.id}`,
    ])
    expect(invalidFields(await put({ custom_fields: { [recordField!.id]: 'x' } }))).toEqual([
      `custom_fields.${recordField!.id}`,
    ])
    const changed = expectOk(
      await put({ custom_fields: { [shoe!.id]: null }, categories: [] }),
      clientCardSchema,
    )
    expect(changed.custom_fields).toEqual({ [hair!.id]: 'long' })
    expect(changed.categories).toEqual([])
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.action, 'client_updated'))
    expect(audit.some((entry) => (entry.details as { entity_id: number }).entity_id === client.id)).toBe(true)
  })

  it("keeps companies apart: another company's client is a 404 and never listed", async () => {
    const mine = await created({ name: 'Isolated', phone: '+79165550400' })
    const strangers = [
      call(server, 'GET', `${base(demo.northern)}/${mine.id}`, { token: demo.otherToken }),
      call(server, 'PUT', `${base(demo.northern)}/${mine.id}`, {
        token: demo.otherToken,
        body: { name: 'X' },
      }),
      call(server, 'DELETE', `${base(demo.northern)}/${mine.id}`, { token: demo.otherToken }),
      call(server, 'GET', `${base()}/${mine.id}`, { token: demo.otherToken }),
    ]
    for (const reply of await Promise.all(strangers)) expect(reply.statusCode).toBe(404)
    expect(await list('?q=Isolated', demo.otherToken, demo.northern)).toEqual([])
    // The same phone is free in another company.
    expect(
      (await create({ name: 'Twin', phone: '+79165550400' }, demo.otherToken, demo.northern)).statusCode,
    ).toBe(201)
  })

  it('enforces the rights: list, create, phones hidden, e-mails hidden, merge and import', async () => {
    await created({ name: 'Rights', phone: '+79165550500', email: 'rights@example.com' })
    const none = await addMember(server, company, {
      overrides: { clients_access: false, clients_create_access: false, clients_import_access: false },
    })
    expect((await call(server, 'GET', base(), { token: none.token })).statusCode).toBe(403)
    expect((await create({ name: 'No' }, none.token)).statusCode).toBe(403)
    expect(
      (await call(server, 'POST', `${base()}/import`, { token: none.token, body: { csv: 'name\nA' } }))
        .statusCode,
    ).toBe(403)
    const reader = await addMember(server, company, {
      overrides: {
        clients_access: true,
        client_card_access: true,
        clients_edit_access: true,
        client_phones_access: false,
        client_email_access: false,
        clients_merge_access: false,
      },
    })
    const [shown] = await list('?q=Rights', reader.token)
    expect(shown).toMatchObject({ phone: '+7 916*****00', phone_hidden: true, email: null })
    // A hidden phone cannot be probed by searching for it.
    expect(await list('?q=9165550500', reader.token)).toEqual([])
    const put = await call(server, 'PUT', `${base()}/${shown!.id}`, {
      token: reader.token,
      body: { phone: '+79165550999' },
    })
    expect(put.statusCode).toBe(403)
    const merge = await call(server, 'POST', `${base()}/${shown!.id}/merge`, {
      token: reader.token,
      body: { other_client_id: shown!.id + 1 },
    })
    expect(merge.statusCode).toBe(403)
  })

  it('merges a duplicate: tags and values move, blanks fill, the duplicate leaves the list', async () => {
    const [vip] = await server.db
      .insert(labels)
      .values({ companyId: company, title: 'Merge VIP', color: '#000000', fontColor: '#ffffff', entity: 1 })
      .returning()
    const [field] = await server.db
      .insert(customFields)
      .values({
        companyId: company,
        parentEntityType: 'client',
        typeSlug: 'text',
        code: 'merge_note',
        title: 'Note',
      })
      .returning()
    const keep = await created({ name: 'Dina', surname: 'Merge', email: 'dina@example.com' })
    const duplicate = await created({
      name: 'Dina',
      surname: 'M.',
      phone: '+79165550600',
      labels: [vip!.id],
      custom_fields: { [field!.id]: 'likes tea' },
      comment: 'From the old book',
    })
    const merge = (keepId: number, otherId: number) =>
      call(server, 'POST', `${base()}/${keepId}/merge`, {
        token: demo.demoToken,
        body: { other_client_id: otherId },
      })
    const [someStaff] = await server.db.select().from(staff).where(eq(staff.companyId, company)).limit(1)
    const [visit] = await server.db
      .insert(appointments)
      .values({
        companyId: company,
        staffId: someStaff!.id,
        clientId: duplicate.id,
        startAt: new Date('2026-01-10T10:00:00Z'),
        endAt: new Date('2026-01-10T11:00:00Z'),
        busyUntil: new Date('2026-01-10T11:00:00Z'),
      })
      .returning()
    const report = expectOk(await merge(keep.id, duplicate.id), mergeReportSchema)
    expect(report.moved).toEqual({ labels: 1, categories: 0, custom_fields: 1 })
    // The duplicate's visits are the kept client's now.
    const [moved] = await server.db.select().from(appointments).where(eq(appointments.id, visit!.id))
    expect(moved!.clientId).toBe(keep.id)
    const kept: ClientCard = report.client
    expect(kept).toMatchObject({
      phone: '+79165550600',
      email: 'dina@example.com',
      surname: 'Merge',
      comment: 'From the old book',
      custom_fields: { [field!.id]: 'likes tea' },
    })
    expect(kept.labels.map((label) => label.title)).toEqual(['Merge VIP'])
    expect(await names('?q=9165550600')).toEqual(['Dina'])
    expect((await list('?q=dina')).map((client) => client.id)).toEqual([keep.id])
    const gone = expectOk(
      await call(server, 'GET', `${base()}/${duplicate.id}`, { token: demo.demoToken }),
      clientCardSchema,
    )
    expect(gone.merged_into_id).toBe(keep.id)
    expect((await merge(keep.id, duplicate.id)).statusCode).toBe(409)
    expect(invalidFields(await merge(keep.id, keep.id))).toEqual(['other_client_id'])
  })

  it('merging the same pair both ways at once merges once', async () => {
    const a = await created({ name: 'Pair A' })
    const b = await created({ name: 'Pair B' })
    const replies = await Promise.all([
      call(server, 'POST', `${base()}/${a.id}/merge`, {
        token: demo.demoToken,
        body: { other_client_id: b.id },
      }),
      call(server, 'POST', `${base()}/${b.id}/merge`, {
        token: demo.demoToken,
        body: { other_client_id: a.id },
      }),
    ])
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409])
    expect(await names('?q=Pair')).toHaveLength(1)
  })

  it('previews an import without writing, then imports and reports the rejected rows', async () => {
    await created({ name: 'Existing', phone: '+79165550700' })
    const csv = [
      'Name;Surname;Phone;E-mail;Birthday',
      'Olga;Import;8 916 555-07-01;olga@example.com;01.02.1990',
      ';NoName;+79165550702;;',
      'Pavel;Import;12345;;',
      'Rita;Import;+7 916 555 07 01;;',
      'Sergey;Import;+79165550700;;',
      'Tanya;Import;;tanya@example.com;',
    ].join('\n')
    const run = (dryRun: boolean) =>
      call(server, 'POST', `${base()}/import`, { token: demo.demoToken, body: { csv, dry_run: dryRun } })
    const preview = expectOk(await run(true), importReportSchema)
    expect(preview.columns).toEqual(['name', 'surname', 'phone', 'email', 'birth_date'])
    expect(preview.rows.map((row) => [row.line, row.reason])).toEqual([
      [2, null],
      [3, 'missing_name'],
      [4, 'bad_phone'],
      [5, 'duplicate_in_file'],
      [6, 'duplicate_in_base'],
      [7, null],
    ])
    expect(preview.rows[3]!.duplicate_of_line).toBe(2)
    expect(preview.rows[4]!.existing_client?.name).toBe('Existing')
    expect({ created: preview.created, rejected: preview.rejected }).toEqual({ created: 2, rejected: 4 })
    expect(await names('?q=Import')).toEqual([])

    const report = expectOk(await run(false), importReportSchema)
    expect({ created: report.created, rejected: report.rejected }).toEqual({ created: 2, rejected: 4 })
    expect(await names('?q=Import')).toEqual(['Olga', 'Tanya'])
    const olga = expectOk(
      await call(server, 'GET', `${base()}/${report.rows[0]!.client_id}`, { token: demo.demoToken }),
      clientCardSchema,
    )
    expect(olga).toMatchObject({ phone: '+79165550701', birth_date: '1990-02-01', email: 'olga@example.com' })
    // Run again: everything is now a duplicate of the base or rejected, nothing doubles.
    const again = expectOk(await run(false), importReportSchema)
    expect(again.created).toBe(1)
    expect(await names('?q=Import')).toEqual(['Olga', 'Tanya', 'Tanya'])
  })

  it('refuses an import without a name column, or too large', async () => {
    const post = (csv: string) =>
      call(server, 'POST', `${base()}/import`, { token: demo.demoToken, body: { csv } })
    expect(invalidFields(await post('phone\n+79165550800'))).toEqual(['csv'])
    expect(invalidFields(await post(''))).toEqual(['csv'])
    expect(invalidFields(await post(`name\n${'A\n'.repeat(2001)}`))).toEqual(['csv'])
    expect(invalidFields(await post('x'.repeat(512 * 1024 + 1)))).toEqual(['csv'])
  })
})
