import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  bearer,
  createTestServer,
  DEMO,
  json,
  signIn,
  testDatabases,
  type TestServer,
} from '../support/server-harness'

const INVALID = {
  success: false,
  data: null,
  meta: { message: 'an authorization error has occurred' },
  errors: { code: 1002, message: 'an authorization error has occurred' },
}

describe.each(testDatabases())('access tokens (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(kind)
  })
  afterAll(() => server.close())

  const session = (token: string) =>
    server.app.inject({ method: 'POST', url: '/api/v1/auth/session', headers: bearer(token) })

  /** Signs a token like the server does, with any part changed. */
  async function craftToken(
    sessionId: string,
    userId: number,
    change: { alg?: string; typ?: string; aud?: string; iss?: string; exp?: number; key?: string } = {},
  ) {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: change.alg ?? 'HS256', typ: change.typ ?? 'at+jwt' })
      .setSubject(String(userId))
      .setAudience(change.aud ?? 'salon-api')
      .setIssuer(change.iss ?? server.config.PUBLIC_ORIGIN)
      .setIssuedAt(now)
      .setExpirationTime(change.exp ?? now + 600)
      .sign(new TextEncoder().encode(change.key ?? server.config.JWT_SECRET))
  }

  async function currentSession(accessToken: string) {
    const response = await session(accessToken)
    expect(response.statusCode).toBe(200)
    return json(response).data as { session_id: string; user: { id: number } }
  }

  it('POST /auth/session describes the session of a valid token', async () => {
    const pair = await signIn(server.app)
    const response = await session(pair.access_token)
    expect(response.statusCode).toBe(200)
    const data = json(response).data
    expect(data.user).toMatchObject({ email: DEMO.email, name: 'Anna Demo' })
    expect(data.session_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(Date.parse(data.expires_at)).toBeGreaterThan(Date.now())
  })

  it('accepts a token crafted exactly like the server does (control for the cases below)', async () => {
    const pair = await signIn(server.app)
    const { session_id, user } = await currentSession(pair.access_token)
    expect((await session(await craftToken(session_id, user.id))).statusCode).toBe(200)
  })

  it.each([
    ['a missing header', null],
    ['garbage', 'not-a-jwt'],
  ])('refuses %s with 401 code 1002', async (_label, token) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/session',
      headers: token === null ? {} : bearer(token),
    })
    expect(response.statusCode).toBe(401)
    expect(json(response)).toEqual(INVALID)
  })

  it.each([
    ['another algorithm', { alg: 'HS512' }],
    ['another audience', { aud: 'someone-else' }],
    ['another type', { typ: 'JWT' }],
    ['another issuer', { iss: 'https://evil.example.com' }],
    ['another key', { key: 'k'.repeat(48) }],
  ])('refuses a token with %s', async (_label, change) => {
    const pair = await signIn(server.app)
    const { session_id, user } = await currentSession(pair.access_token)
    const response = await session(await craftToken(session_id, user.id, change))
    expect(response.statusCode).toBe(401)
    expect(json(response)).toEqual(INVALID)
  })

  it('refuses the unsigned "none" algorithm', async () => {
    const pair = await signIn(server.app)
    const [, payload] = pair.access_token.split('.')
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')
    const response = await session(`${header}.${payload}.`)
    expect(response.statusCode).toBe(401)
    expect(json(response).errors.code).toBe(1002)
  })

  it('refuses a tampered token', async () => {
    const pair = await signIn(server.app)
    const [header, payload, signature] = pair.access_token.split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '2' })).toString('base64url')
    const response = await session(`${header}.${forged}.${signature}`)
    expect(response.statusCode).toBe(401)
    expect(json(response).errors.code).toBe(1002)
  })

  it('answers an expired token with 401 code 1001 "token expired"', async () => {
    const pair = await signIn(server.app)
    const { session_id, user } = await currentSession(pair.access_token)
    const expired = await craftToken(session_id, user.id, { exp: Math.floor(Date.now() / 1000) - 30 })
    const response = await session(expired)
    expect(response.statusCode).toBe(401)
    expect(json(response)).toEqual({
      success: false,
      data: null,
      meta: { message: 'token expired' },
      errors: { code: 1001, message: 'token expired' },
    })
  })

  it('expires a token it has already accepted, when its time is up', async () => {
    const pair = await signIn(server.app)
    const { session_id, user } = await currentSession(pair.access_token)
    const now = Math.floor(Date.now() / 1000)
    const shortLived = await craftToken(session_id, user.id, { exp: now + 60 })
    expect((await session(shortLived)).statusCode).toBe(200)
    expect((await session(shortLived)).statusCode).toBe(200)
    vi.useFakeTimers({ toFake: ['Date'], now: (now + 61) * 1000 })
    try {
      const response = await session(shortLived)
      expect(response.statusCode).toBe(401)
      expect(json(response).errors.code).toBe(1001)
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses the access token at once after logout, and its refresh token too', async () => {
    const pair = await signIn(server.app)
    expect((await session(pair.access_token)).statusCode).toBe(200)
    const logout = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout_session',
      headers: bearer(pair.access_token),
    })
    expect(logout.statusCode).toBe(200)
    expect(json(logout)).toEqual({ success: true, data: null, meta: {} })
    const cleared = logout.cookies.find((c) => c.name === 'refresh_token')
    expect(cleared?.value).toBe('')

    const after = await session(pair.access_token)
    expect(after.statusCode).toBe(401)
    expect(json(after)).toEqual(INVALID)
    const refresh = await server.app.inject({
      method: 'POST',
      url: '/api/v1/jwt/refresh',
      payload: { refresh_token: pair.refresh_token },
    })
    expect(refresh.statusCode).toBe(401)
    expect(json(refresh).errors.code).toBe(1002)
  })

  it('refuses a token issued before the password was last changed', async () => {
    const pair = await signIn(server.app)
    const { session_id, user } = await currentSession(pair.access_token)
    const early = await new SignJWT({ sid: session_id })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(String(user.id))
      .setAudience('salon-api')
      .setIssuer(server.config.PUBLIC_ORIGIN)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
      .sign(new TextEncoder().encode(server.config.JWT_SECRET))
    const response = await session(early)
    expect(response.statusCode).toBe(401)
    expect(json(response).errors.code).toBe(1002)
  })

  it('logging out one session leaves the others signed in', async () => {
    const first = await signIn(server.app)
    const second = await signIn(server.app)
    await server.app.inject({
      method: 'POST',
      url: '/api/v2/auth/logout_session',
      headers: bearer(first.access_token),
    })
    expect((await session(second.access_token)).statusCode).toBe(200)
  })
})
