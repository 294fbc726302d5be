import { desc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyticsEvents } from '../../server/db/schema'
import {
  bearer,
  createTestServer,
  json,
  randomIp,
  signIn,
  testDatabases,
  type TestServer,
} from '../support/server-harness'

describe.each(testDatabases())('analytics events (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(kind)
  })
  afterAll(() => server.close())

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/analytics/events',
      payload: payload as object,
      headers,
      remoteAddress: randomIp(),
    })

  it('stores an anonymous batch and answers 202 with the number accepted', async () => {
    const response = await post({
      events: [
        { type: 'page_view', name: 'onboarding.first', mode: 'ERP', path: '/ru/onboarding/first' },
        {
          type: 'tracker',
          name: 'signin.failed',
          mode: 'AA',
          registration_id: 42,
          occurred_at: '2026-01-02T03:04:05.000Z',
          props: { reason: 'wrong_credentials', attempt: 2, remembered: false, note: null },
        },
      ],
    })
    expect(response.statusCode).toBe(202)
    expect(json(response)).toEqual({ success: true, data: { accepted: 2 }, meta: {} })
    const rows = await server.db.select().from(analyticsEvents).orderBy(desc(analyticsEvents.id)).limit(2)
    const tracker = rows.find((row) => row.name === 'signin.failed')
    expect(tracker).toMatchObject({
      type: 'tracker',
      mode: 'AA',
      registrationId: 42,
      userId: null,
      props: { reason: 'wrong_credentials', attempt: 2, remembered: false, note: null },
    })
    expect(tracker?.occurredAt.toISOString()).toBe('2026-01-02T03:04:05.000Z')
  })

  it('records the user when a valid token comes along, and ignores a bad one', async () => {
    const pair = await signIn(server.app)
    const event = { type: 'page_view', name: 'business.services', mode: 'ERP' }
    expect((await post({ events: [event] }, bearer(pair.access_token))).statusCode).toBe(202)
    expect(
      (await post({ events: [{ ...event, name: 'with.bad.token' }] }, bearer('garbage'))).statusCode,
    ).toBe(202)
    const rows = await server.db.select().from(analyticsEvents).orderBy(desc(analyticsEvents.id)).limit(2)
    expect(rows.find((row) => row.name === 'business.services')?.userId).toBe(pair.user.id)
    expect(rows.find((row) => row.name === 'with.bad.token')?.userId).toBeNull()
  })

  it('refuses a malformed batch with 422 and stores nothing', async () => {
    const before = (await server.db.select().from(analyticsEvents)).length
    const response = await post({ events: [{ type: 'click', name: '', mode: 'XX' }] })
    expect(response.statusCode).toBe(422)
    // Nested fields are named by their dotted path.
    expect(Object.keys(json(response).meta.errors).sort()).toEqual([
      'events.0.mode',
      'events.0.name',
      'events.0.type',
    ])
    expect((await post({ events: [] })).statusCode).toBe(422)
    expect((await server.db.select().from(analyticsEvents)).length).toBe(before)
  })
})
