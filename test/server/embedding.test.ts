import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authSessions, users } from '../../server/db/schema'
import { PARENT_TOKEN_LIMIT } from '../../server/embedding/parent-token'
import {
  bearer,
  createTestServer,
  DEMO,
  json,
  OTHER,
  randomIp,
  signIn,
  testDatabases,
  type TestServer,
  PRODUCTION_ENV,
  post,
} from '../support/server-harness'

const adminOrigin = 'https://admin.example.com'
const otherAdminOrigin = 'http://localhost:9100'

const sessionCount = async (server: TestServer) =>
  (await server.db.select({ value: count() }).from(authSessions))[0]!.value

describe.each(testDatabases())('embedding (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    const distDir = mkdtempSync(join(tmpdir(), 'salon-embed-dist-'))
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Salon</title><div id="root"></div>')
    server = await createTestServer(kind, {
      distDir,
      env: { EMBED_PARENT_ORIGINS: `${adminOrigin}, ${otherAdminOrigin}` },
    })
  })
  afterAll(() => server.close())

  const requestParentToken = (token: string | null, payload: unknown) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/embedding/parent_token',
      headers: token ? bearer(token) : {},
      payload: payload as object,
      remoteAddress: randomIp(),
    })
  const sessionOf = (token: string) =>
    server.app.inject({ method: 'POST', url: '/api/v1/auth/session', headers: bearer(token) })

  it('tells the app which parent origins are allowed, without a session', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v2/embedding/config' })
    expect(response.statusCode).toBe(200)
    // Outside production the app's own origin frames it too, for the example parent page.
    expect(json(response).data).toEqual({
      parent_origins: [adminOrigin, otherAdminOrigin, 'http://localhost:8080'],
    })
  })

  it('gives the parent a token of its own session that survives the frame logging out', async () => {
    const frame = await signIn(server.app, OTHER.email, OTHER.password)
    const response = await requestParentToken(frame.access_token, { parent_origin: adminOrigin })
    expect(response.statusCode).toBe(201)
    const token = json(response).data
    expect(token).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 900 })
    expect(token.access_token).not.toBe(frame.access_token)
    expect(response.body).not.toContain('refresh_token')

    const logout = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout_session',
      headers: bearer(frame.access_token),
    })
    expect(logout.statusCode).toBe(200)
    expect((await sessionOf(frame.access_token)).statusCode).toBe(401)

    const parentSession = await sessionOf(token.access_token)
    expect(parentSession.statusCode).toBe(200)
    expect(json(parentSession).data.user.email).toBe(OTHER.email)
    const companies = await server.app.inject({
      method: 'GET',
      url: '/api/v1/companies?count=1000&my=1',
      headers: bearer(token.access_token),
    })
    expect(companies.statusCode).toBe(200)
    expect(json(companies).data.map((company: { title: string }) => company.title)).toEqual([
      'Northern Barbers',
    ])
  })

  it('keeps a parent token from opening another, and support acting as a customer from opening one', async () => {
    const frame = await signIn(server.app, OTHER.email, OTHER.password)
    const parent = json(await requestParentToken(frame.access_token, { parent_origin: adminOrigin })).data
    const before = await sessionCount(server)
    // A chain of parent tokens would keep a stolen one alive for ever.
    const chained = await requestParentToken(parent.access_token, { parent_origin: adminOrigin })
    expect(chained.statusCode).toBe(403)
    expect(await sessionCount(server)).toBe(before)

    const [owner] = await server.db.select().from(users).where(eq(users.email, DEMO.email))
    const support = await signIn(server.app, 'support@example.com', DEMO.password)
    const issued = await post(
      server.app,
      '/auth/switch_user/token',
      { user_id: owner!.id },
      bearer(support.access_token),
    )
    const switched = json(
      await post(server.app, '/auth/switch_user', { token: json(issued).data.token }),
    ).data
    const beforeSupport = await sessionCount(server)
    const fromSupport = await requestParentToken(switched.access_token, { parent_origin: adminOrigin })
    expect(fromSupport.statusCode).toBe(403)
    expect(await sessionCount(server)).toBe(beforeSupport)
  })

  it('refuses a caller without a valid session', async () => {
    const before = await sessionCount(server)
    expect((await requestParentToken(null, { parent_origin: adminOrigin })).statusCode).toBe(401)
    expect((await requestParentToken('not-a-token', { parent_origin: adminOrigin })).statusCode).toBe(401)
    expect(await sessionCount(server)).toBe(before)
  })

  it.each([
    ['a missing origin', {}, 'parent_origin'],
    ['an empty origin', { parent_origin: '' }, 'parent_origin'],
    ['a number', { parent_origin: 42 }, 'parent_origin'],
    ['an origin that is not allowed', { parent_origin: 'https://evil.example.com' }, 'parent_origin'],
    ['an allowed origin with a path', { parent_origin: `${adminOrigin}/` }, 'parent_origin'],
  ])('answers 422 to %s and opens no session', async (_case, payload, field) => {
    const frame = await signIn(server.app)
    const before = await sessionCount(server)
    const response = await requestParentToken(frame.access_token, payload)
    expect(response.statusCode).toBe(422)
    expect(Object.keys(json(response).meta.errors)).toEqual([field])
    expect(await sessionCount(server)).toBe(before)
  })

  it(`issues at most ${PARENT_TOKEN_LIMIT} parent tokens per user in a window, even in parallel`, async () => {
    const frame = await signIn(server.app, DEMO.phone, DEMO.password)
    const before = await sessionCount(server)
    const responses = await Promise.all(
      Array.from({ length: PARENT_TOKEN_LIMIT + 5 }, () =>
        requestParentToken(frame.access_token, { parent_origin: otherAdminOrigin }),
      ),
    )
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(PARENT_TOKEN_LIMIT)
    expect(statuses.filter((status) => status === 429)).toHaveLength(5)
    const refused = responses.find((response) => response.statusCode === 429)!
    expect(json(refused).errors.code).toBe(1001)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await sessionCount(server)).toBe(before + PARENT_TOKEN_LIMIT)
  })

  const refreshCookieOf = async (target: TestServer, headers: Record<string, string>) => {
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers,
      payload: { login: DEMO.email, password: DEMO.password },
      remoteAddress: randomIp(),
    })
    expect(response.statusCode).toBe(201)
    const setCookie = [response.headers['set-cookie']].flat().join('\n')
    return setCookie.split('\n').find((cookie) => cookie.startsWith('refresh_token='))!
  }

  it('sets the refresh cookie SameSite=None; Secure; Partitioned for calls from a frame only', async () => {
    const framed = await refreshCookieOf(server, { 'x-embedded-frame': '1' })
    expect(framed).toMatch(/; SameSite=None/)
    expect(framed).toMatch(/; Secure/)
    expect(framed).toMatch(/; Partitioned/)
    expect(framed).toMatch(/; HttpOnly/)
    expect(framed).toMatch(/; Path=\/api/)

    const standalone = await refreshCookieOf(server, {})
    expect(standalone).toMatch(/; SameSite=Lax/)
    expect(standalone).not.toMatch(/Partitioned/)
  })

  const frameAncestorsOf = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1]

  it('names exactly the allowed origins and the app itself on every HTML page', async () => {
    for (const url of ['/', '/en/signin', '/onboarding/complete/5', '/embed-demo']) {
      const response = await server.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type']).toMatch(/text\/html/)
      expect(frameAncestorsOf(response.headers['content-security-policy']), url).toBe(
        `'self' ${adminOrigin} ${otherAdminOrigin}`,
      )
    }
  })

  it('serves the example parent page framing the requested path, and its script', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/embed-demo?path=/en/signin' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<iframe id="app-frame" title="Salon" src="/en/signin">')
    const hostile = await server.app.inject({
      method: 'GET',
      url: `/embed-demo?path=${encodeURIComponent('//evil.example.com/"><script>')}`,
    })
    expect(hostile.body).toContain('src="/"')
    expect(hostile.body).not.toContain('evil')
    const script = await server.app.inject({ method: 'GET', url: '/embed-demo/parent.js' })
    expect(script.statusCode).toBe(200)
    expect(script.headers['content-type']).toMatch(/javascript/)
    expect(script.body).toContain('event.source === frame.contentWindow')
  })
})

// A production server on plain http: nothing here depends on the database, so this runs on PGlite only.
describe('embedding in production over plain http', () => {
  let server: TestServer
  beforeAll(async () => {
    const distDir = mkdtempSync(join(tmpdir(), 'salon-embed-dist-'))
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Salon</title><div id="root"></div>')
    server = await createTestServer('pglite', {
      distDir,
      env: {
        ...PRODUCTION_ENV,
        EMBED_PARENT_ORIGINS: adminOrigin,
        PUBLIC_ORIGIN: 'http://salon.example.com',
      },
    })
  })
  afterAll(() => server.close())

  it('allows only the configured parent, keeps Lax cookies it cannot make Secure, and has no example page', async () => {
    const config = await server.app.inject({ method: 'GET', url: '/api/v1/embedding/config' })
    expect(json(config).data).toEqual({ parent_origins: [adminOrigin] })

    const page = await server.app.inject({ method: 'GET', url: '/en/signin' })
    expect(/frame-ancestors ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1]).toBe(
      `'self' ${adminOrigin}`,
    )

    const signInResponse = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'x-embedded-frame': '1' },
      payload: { login: DEMO.email, password: DEMO.password },
      remoteAddress: randomIp(),
    })
    expect(String(signInResponse.headers['set-cookie'])).toMatch(/refresh_token=[^;]+;.*SameSite=Lax/)

    // Production has no example page: the path is just another deep link into the app.
    const demo = await server.app.inject({ method: 'GET', url: '/embed-demo' })
    expect(demo.body).not.toContain('app-frame')
  })
})
