import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { labelListSchema, labelSchema } from '../../contract/labels/schemas'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import { call, expectInvalid, expectOk, signInCast } from './business-api-helpers'

describe.each(testDatabases())('labels (%s)', (kind) => {
  let server: TestServer
  let cast: Awaited<ReturnType<typeof signInCast>>
  let companyId: number
  beforeAll(async () => {
    server = await createTestServer(kind)
    cast = await signInCast(server)
    companyId = cast.ids.tverskaya.id
  })
  afterAll(() => server.close())

  it('lists the company labels, filtered by entity either way', async () => {
    const all = expectOk(
      await call(server, 'GET', `/company/${companyId}/labels`, { token: cast.owner }),
      labelListSchema,
    )
    expect(all.map((label) => label.title)).toEqual([
      'VIP',
      'New client',
      'Confirmed by phone',
      'Call back',
      'Important',
    ])
    expect(all.every((label) => label.salon_id === companyId && !label.deleted)).toBe(true)
    const clients = expectOk(
      await call(server, 'GET', `/company/${companyId}/labels?filter[entity]=1`, { token: cast.owner }),
      labelListSchema,
    )
    expect(clients.map((label) => label.title)).toEqual(['VIP', 'New client'])
    const records = expectOk(
      await call(server, 'GET', `/labels/${companyId}/2`, { token: cast.member }),
      labelListSchema,
    )
    expect(records.map((label) => label.title)).toEqual(['Confirmed by phone'])
  })

  it('validates the entity filter', async () => {
    expectInvalid(
      await call(server, 'GET', `/company/${companyId}/labels?filter[entity]=7`, { token: cast.owner }),
      ['filter[entity]'],
    )
    expectInvalid(await call(server, 'GET', `/labels/${companyId}/x`, { token: cast.owner }), ['entity'])
  })

  it('creates, changes and softly deletes a label', async () => {
    const created = expectOk(
      await call(server, 'POST', `/labels/${companyId}/`, {
        token: cast.owner,
        body: {
          title: ' Allergy ',
          color: '#AA0000',
          entity: 1,
        },
      }),
      labelSchema,
      201,
    )
    expect(created).toMatchObject({
      title: 'Allergy',
      color: '#aa0000',
      font_color: '#ffffff',
      entity: 1,
      icon: '',
    })
    const changed = expectOk(
      await call(server, 'PUT', `/labels/${companyId}/${created.id}`, {
        token: cast.owner,
        body: {
          title: 'Allergic',
          icon: 'warn',
        },
      }),
      labelSchema,
    )
    expect(changed).toMatchObject({ id: created.id, title: 'Allergic', icon: 'warn', color: '#aa0000' })
    // A light background without a text colour gets dark text, on create and on a change of colour; a text
    // colour sent is kept.
    const put = (body: object) =>
      call(server, 'PUT', `/labels/${companyId}/${created.id}`, { token: cast.owner, body })
    expect(expectOk(await put({ color: '#00ff00' }), labelSchema).font_color).toBe('#1d1b26')
    expect(expectOk(await put({ color: '#ffee00', font_color: '#0000ff' }), labelSchema).font_color).toBe(
      '#0000ff',
    )
    const lime = expectOk(
      await call(server, 'POST', `/labels/${companyId}/`, {
        token: cast.owner,
        body: { title: 'Lime', color: '#00ff00', entity: 1 },
      }),
      labelSchema,
      201,
    )
    expect(lime.font_color).toBe('#1d1b26')
    expectOk(
      await call(server, 'DELETE', `/labels/${companyId}/${created.id}`, { token: cast.owner }),
      v.null(),
    )
    const after = expectOk(
      await call(server, 'GET', `/labels/${companyId}/1`, { token: cast.owner }),
      labelListSchema,
    )
    expect(after.map((label) => label.id)).not.toContain(created.id)
    expect(
      (
        await call(server, 'PUT', `/labels/${companyId}/${created.id}`, {
          token: cast.owner,
          body: { title: 'x' },
        })
      ).statusCode,
    ).toBe(404)
  })

  it('keeps one live label of a name per kind, whatever the case, even when created at once', async () => {
    const create = (title: string, entity: number) =>
      call(server, 'POST', `/labels/${companyId}/`, {
        token: cast.owner,
        body: { title, color: '#00aa00', entity },
      })
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, index) => create(index % 2 ? 'Regular' : 'REGULAR', 1)),
    )
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422])
    const refused = replies.find((reply) => reply.statusCode === 422)!
    expect(json(refused).meta.errors).toEqual({ title: ['a label with this title already exists'] })
    const kept = json(replies.find((reply) => reply.statusCode === 201)!).data as { id: number }
    // Another kind may use the name; a second label may not be renamed to it; once deleted, the name is free.
    const record = expectOk(await create('Regular', 2), labelSchema, 201)
    const other = expectOk(await create('Loyal', 1), labelSchema, 201)
    expectInvalid(
      await call(server, 'PUT', `/labels/${companyId}/${other.id}`, {
        token: cast.owner,
        body: { title: 'regular' },
      }),
      ['title'],
    )
    for (const id of [kept.id, record.id, other.id]) {
      await call(server, 'DELETE', `/labels/${companyId}/${id}`, { token: cast.owner })
    }
    expect((await create('Regular', 1)).statusCode).toBe(201)
  })

  it('answers each invalid field', async () => {
    expectInvalid(
      await call(server, 'POST', `/labels/${companyId}/`, {
        token: cast.owner,
        body: {
          title: ' ',
          color: 'red',
          entity: 9,
        },
      }),
      ['title', 'color', 'entity'],
    )
    const [first] = expectOk(
      await call(server, 'GET', `/labels/${companyId}/0`, { token: cast.owner }),
      labelListSchema,
    )
    expectInvalid(
      await call(server, 'PUT', `/labels/${companyId}/${first!.id}`, {
        token: cast.owner,
        body: { font_color: '#12' },
      }),
      ['font_color'],
    )
  })

  it('never changes a system label', async () => {
    const [vip] = expectOk(
      await call(server, 'GET', `/labels/${companyId}/1`, { token: cast.owner }),
      labelListSchema,
    )
    expect(vip).toMatchObject({ title: 'VIP', not_editable: true })
    expectInvalid(
      await call(server, 'PUT', `/labels/${companyId}/${vip!.id}`, {
        token: cast.owner,
        body: { title: 'Gold' },
      }),
      ['_'],
    )
    expectInvalid(await call(server, 'DELETE', `/labels/${companyId}/${vip!.id}`, { token: cast.owner }), [
      '_',
    ])
  })

  it('lets a member read but not change labels', async () => {
    const response = await call(server, 'POST', `/labels/${companyId}/`, {
      token: cast.member,
      body: {
        title: 'Mine',
        color: '#000000',
        entity: 0,
      },
    })
    expect(response.statusCode).toBe(403)
    expect(json(response).meta.message).toBe('You do not have access to this section')
  })
})
