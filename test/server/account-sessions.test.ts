import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountSession } from '../../contract/auth/account-sessions-schemas'
import { auditLog } from '../../server/db/schema'
import {
  bearer,
  createTestServer,
  DEMO,
  json,
  OTHER,
  post,
  randomIp,
  testDatabases,
  type TestServer,
} from '../support/server-harness'

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

describe.each(testDatabases())("the user's own sessions (%s)", (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(kind)
  })
  afterAll(() => server.close())

  /** Signs in from a browser of its own: each sign-in is a session (a refresh-token family). */
  async function signInFrom(userAgent: string, login: string = DEMO.email) {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { login, password: DEMO.password },
      headers: { 'user-agent': userAgent },
      remoteAddress: randomIp(),
    })
    expect(response.statusCode, response.body).toBe(201)
    const pair = json(response).data
    const info = json(await post(server.app, '/auth/session', {}, bearer(pair.access_token))).data
    return { ...pair, sessionId: info.session_id as string }
  }
  const list = (token: string) =>
    server.app.inject({ method: 'GET', url: '/api/v1/user/sessions', headers: bearer(token) })
  const end = (token: string, sessionId: string) =>
    server.app.inject({ method: 'DELETE', url: `/api/v1/user/sessions/${sessionId}`, headers: bearer(token) })
  const stillSignedIn = async (pair: { access_token: string }) =>
    (await post(server.app, '/auth/session', {}, bearer(pair.access_token))).statusCode === 200
  const canRefresh = async (pair: { refresh_token: string }) =>
    (await post(server.app, '/jwt/refresh', { refresh_token: pair.refresh_token })).statusCode === 200

  it('lists each session with its browser, address and times, and marks this device', async () => {
    const laptop = await signInFrom(FIREFOX)
    const phone = await signInFrom(SAFARI_IPHONE)
    const response = await list(laptop.access_token)
    expect(response.statusCode).toBe(200)
    const sessions = json(response).data as AccountSession[]
    const mine = sessions.find((session) => session.id === laptop.sessionId)
    const other = sessions.find((session) => session.id === phone.sessionId)
    expect(mine).toMatchObject({ user_agent: FIREFOX, current: true, by_support: false })
    expect(other).toMatchObject({ user_agent: SAFARI_IPHONE, current: false, ip: expect.any(String) })
    expect(Date.parse(other!.signed_in_at)).not.toBeNaN()
    expect(sessions.filter((session) => session.current)).toHaveLength(1)
  })

  it('signs one session out: its refresh fails and its access token stops working at once', async () => {
    const laptop = await signInFrom(FIREFOX)
    const phone = await signInFrom(SAFARI_IPHONE)
    const ended = await end(laptop.access_token, phone.sessionId)
    expect(ended.statusCode).toBe(200)
    expect(json(ended).data.map((session: { id: string }) => session.id)).not.toContain(phone.sessionId)
    expect(await stillSignedIn(phone)).toBe(false)
    expect(await canRefresh(phone)).toBe(false)
    expect(await stillSignedIn(laptop)).toBe(true)
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session_ended_by_user'), eq(auditLog.actorUserId, laptop.user.id)))
    expect(entry?.details).toEqual({ session_id: phone.sessionId })
  })

  it('signs out everywhere else and keeps this session', async () => {
    const laptop = await signInFrom(FIREFOX)
    const phone = await signInFrom(SAFARI_IPHONE)
    const tablet = await signInFrom(SAFARI_IPHONE)
    const response = await post(server.app, '/user/sessions/end_others', {}, bearer(laptop.access_token))
    expect(response.statusCode).toBe(200)
    expect(json(response).data.ended).toBeGreaterThanOrEqual(2)
    for (const pair of [phone, tablet]) {
      expect(await stillSignedIn(pair)).toBe(false)
      expect(await canRefresh(pair)).toBe(false)
    }
    expect(await stillSignedIn(laptop)).toBe(true)
    expect(await canRefresh(laptop)).toBe(true)
    const left = json(await list(laptop.access_token)).data
    expect(left.map((session: { id: string }) => session.id)).toEqual([laptop.sessionId])
  })

  it("answers another user's session exactly like an unknown one (404) and leaves it signed in", async () => {
    const owner = await signInFrom(FIREFOX)
    const stranger = await signInFrom(FIREFOX, OTHER.email)
    const foreign = await end(stranger.access_token, owner.sessionId)
    const unknown = await end(stranger.access_token, '00000000-0000-4000-8000-000000000000')
    expect(foreign.statusCode).toBe(404)
    expect(unknown.statusCode).toBe(404)
    expect(foreign.body).toBe(unknown.body)
    expect(await stillSignedIn(owner)).toBe(true)
    // The stranger's list never shows the owner's session either.
    const theirs = json(await list(stranger.access_token)).data as { id: string }[]
    expect(theirs.map((session) => session.id)).not.toContain(owner.sessionId)
  })

  it('refuses a malformed session id with a field error, and anonymous callers', async () => {
    const laptop = await signInFrom(FIREFOX)
    const malformed = await end(laptop.access_token, 'not-a-uuid')
    expect(malformed.statusCode).toBe(422)
    expect(Object.keys(json(malformed).meta.errors)).toEqual(['sessionId'])
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/user/sessions' })).statusCode).toBe(401)
    expect((await post(server.app, '/user/sessions/end_others', {})).statusCode).toBe(401)
  })
})
