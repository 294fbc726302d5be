import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authSessions } from '../../server/db/schema'
import {
  bearer,
  createTestServer,
  json,
  signIn,
  testDatabases,
  type TestServer,
} from '../support/server-harness'

describe.each(testDatabases())('refresh token rotation (%s)', (kind) => {
  let server: TestServer
  /** A second server whose grace window is zero, so any replay counts as theft without waiting. */
  let strict: TestServer
  beforeAll(async () => {
    server = await createTestServer(kind)
    strict = await createTestServer(kind, { env: { REFRESH_REUSE_GRACE_SEC: '0' } })
  })
  afterAll(async () => {
    await server.close()
    await strict.close()
  })

  const refresh = (target: TestServer, token: string) =>
    target.app.inject({ method: 'POST', url: '/api/v1/jwt/refresh', payload: { refresh_token: token } })
  const sessionOk = async (target: TestServer, accessToken: string) =>
    (await target.app.inject({ method: 'POST', url: '/api/v1/auth/session', headers: bearer(accessToken) }))
      .statusCode === 200

  it('exchanges a refresh token for a new pair and a new cookie', async () => {
    const pair = await signIn(server.app)
    const response = await refresh(server, pair.refresh_token)
    expect(response.statusCode).toBe(200)
    const data = json(response).data
    expect(data.token_type).toBe('Bearer')
    expect(data.refresh_token).not.toBe(pair.refresh_token)
    expect(data.user.id).toBe(pair.user.id)
    expect(response.cookies.find((c) => c.name === 'refresh_token')?.value).toBe(data.refresh_token)
    expect(await sessionOk(server, data.access_token)).toBe(true)
    // The successor can be rotated in turn.
    expect((await refresh(server, data.refresh_token)).statusCode).toBe(200)
  })

  it('reads the refresh token from the cookie when the body has none', async () => {
    const pair = await signIn(server.app)
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v2/jwt/refresh',
      cookies: { refresh_token: pair.refresh_token },
    })
    expect(response.statusCode).toBe(200)
    expect(json(response).data.refresh_token).toMatch(/^[\w-]{43}$/)
  })

  it.each([
    ['no token at all', undefined],
    ['an unknown token', 'x'.repeat(43)],
  ])('refuses %s with 401 code 1002', async (_label, token) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/refresh',
      payload: token === undefined ? {} : { refresh_token: token },
    })
    expect(response.statusCode).toBe(401)
    expect(json(response)).toMatchObject({ success: false, data: null, errors: { code: 1002 } })
  })

  it('validates the body', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/refresh',
      payload: { refresh_token: 5 },
    })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(json(response).meta.errors)).toEqual(['refresh_token'])
  })

  it('within the grace window, a rotated token still works and nobody is signed out', async () => {
    const pair = await signIn(server.app)
    const first = await refresh(server, pair.refresh_token)
    const replay = await refresh(server, pair.refresh_token)
    expect(first.statusCode).toBe(200)
    expect(replay.statusCode).toBe(200)
    expect((await refresh(server, json(first).data.refresh_token)).statusCode).toBe(200)
    expect((await refresh(server, json(replay).data.refresh_token)).statusCode).toBe(200)
  })

  it('two parallel refreshes with one token both succeed, with different successors, in one session', async () => {
    const pair = await signIn(server.app)
    const responses = await Promise.all([
      refresh(server, pair.refresh_token),
      refresh(server, pair.refresh_token),
    ])
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200])
    const [a, b] = responses.map((r) => json(r).data)
    expect(a.refresh_token).not.toBe(b.refresh_token)
    expect(await sessionOk(server, a.access_token)).toBe(true)
    expect(await sessionOk(server, b.access_token)).toBe(true)
    const sessions = await Promise.all(
      [a, b].map(
        async (data) =>
          json(
            await server.app.inject({
              method: 'POST',
              url: '/api/v1/auth/session',
              headers: bearer(data.access_token),
            }),
          ).data.session_id,
      ),
    )
    expect(sessions[0]).toBe(sessions[1])
  })

  it('replaying a rotated token after the grace window revokes the whole family', async () => {
    const pair = await signIn(strict.app)
    const rotated = await refresh(strict, pair.refresh_token)
    expect(rotated.statusCode).toBe(200)
    const successor = json(rotated).data
    await new Promise((resolve) => setTimeout(resolve, 20))

    const replay = await refresh(strict, pair.refresh_token)
    expect(replay.statusCode).toBe(401)
    expect(json(replay).errors.code).toBe(1002)
    // The thief's replay also ended the legitimate holder's session: its successor and access token are dead.
    expect((await refresh(strict, successor.refresh_token)).statusCode).toBe(401)
    expect(await sessionOk(strict, successor.access_token)).toBe(false)
    expect(await sessionOk(strict, pair.access_token)).toBe(false)
  })

  it('a replay in one session leaves other sessions alone', async () => {
    const victim = await signIn(strict.app)
    const bystander = await signIn(strict.app)
    await refresh(strict, victim.refresh_token)
    await new Promise((resolve) => setTimeout(resolve, 20))
    await refresh(strict, victim.refresh_token)
    expect((await refresh(strict, bystander.refresh_token)).statusCode).toBe(200)
  })

  it('ends a session at its maximum age however often it was refreshed, and signs the user out', async () => {
    const pair = await signIn(server.app)
    const first = json(await refresh(server, pair.refresh_token)).data
    // The session began 90 days ago; its newest refresh token is fresh.
    const ninetyDaysAgo = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000)
    await server.db
      .update(authSessions)
      .set({ createdAt: ninetyDaysAgo })
      .where(eq(authSessions.userId, pair.user.id))
    const refused = await refresh(server, first.refresh_token)
    expect(refused.statusCode).toBe(401)
    expect(json(refused).errors.code).toBe(1002)
    expect(await sessionOk(server, first.access_token)).toBe(false)
  })
})
