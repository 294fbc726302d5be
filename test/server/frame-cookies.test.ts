import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
} from '../support/server-harness'

const framed = { 'x-embedded-frame': '1' }
const device = 'device-frame-0123456789'

/** The Set-Cookie line of one cookie, as the browser would read its attributes. */
function setCookieLine(response: LightMyRequestResponse, name: string): string | undefined {
  return [response.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .find((line) => line.startsWith(`${name}=`))
}

function expectFrameCookie(line: string | undefined) {
  expect(line).toMatch(/; SameSite=None/)
  expect(line).toMatch(/; Secure/)
  expect(line).toMatch(/; Partitioned/)
  expect(line).toMatch(/; HttpOnly/)
  expect(line).toMatch(/; Path=\/api/)
}

function expectSiteCookie(line: string | undefined) {
  expect(line).toMatch(/; SameSite=Lax/)
  expect(line).not.toMatch(/Partitioned/)
  expect(line).toMatch(/; HttpOnly/)
}

/*
 * Inside the admin application's frame the app is a third party: a SameSite=Lax cookie is neither stored nor
 * sent there, so the remembered-accounts and last-invite cookies must follow the refresh cookie's rule.
 */
describe.each(testDatabases())(
  'cookies of remembered accounts and the last invite inside a frame (%s)',
  (kind) => {
    let server: TestServer
    let companyId: number
    let ownerToken: string
    beforeAll(async () => {
      server = await createTestServer(kind, { env: { EMBED_PARENT_ORIGINS: 'https://admin.example.com' } })
      ownerToken = (await signIn(server.app, OTHER.email, OTHER.password)).access_token
      const companies = await server.app.inject({
        method: 'GET',
        url: '/api/v1/companies?my=1',
        headers: bearer(ownerToken),
      })
      companyId = (json(companies).data as { id: number; title: string }[]).find(
        (company) => company.title === 'Northern Barbers',
      )!.id
    })
    afterAll(async () => server.close())

    const signInOnDevice = (headers: Record<string, string>) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/auth',
        headers,
        payload: { login: DEMO.email, password: DEMO.password },
        cookies: { device_id: device },
        remoteAddress: randomIp(),
      })

    it('sets and clears the remembered-accounts cookie SameSite=None; Secure; Partitioned in a frame only', async () => {
      const inFrame = await signInOnDevice(framed)
      expect(inFrame.statusCode).toBe(201)
      const frameLine = setCookieLine(inFrame, 'fast_login_users')
      expectFrameCookie(frameLine)

      expectSiteCookie(setCookieLine(await signInOnDevice({}), 'fast_login_users'))

      // Forgetting the last account clears the cookie with the same attributes, or the partitioned one would stay.
      const cookie = /^fast_login_users=([^;]+)/.exec(frameLine!)![1]!
      const listed = await server.app.inject({
        method: 'GET',
        url: '/api/v1/auth/fast_login_users',
        headers: framed,
        cookies: { device_id: device, fast_login_users: cookie },
      })
      const [remembered] = json(listed).data as { token: string }[]
      const forget = await server.app.inject({
        method: 'DELETE',
        url: '/api/v1/auth/fast_login_user',
        headers: framed,
        payload: { token: remembered!.token },
        cookies: { device_id: device, fast_login_users: cookie },
      })
      expect(forget.statusCode).toBe(200)
      const cleared = setCookieLine(forget, 'fast_login_users')
      expectFrameCookie(cleared)
      expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/)
    })

    it('sets and clears the last-invite cookie SameSite=None; Secure; Partitioned in a frame only', async () => {
      const created = await server.app.inject({
        method: 'POST',
        url: `/api/v1/company/${companyId}/invites`,
        headers: bearer(ownerToken),
        payload: { email: 'framed.guest@example.com', role: 'specialist', lang: 'en' },
      })
      expect(created.statusCode).toBe(201)
      const token = /\/invite\/([\w-]+)$/.exec(json(created).data.dev_link as string)![1]!

      const opened = await server.app.inject({
        method: 'GET',
        url: `/api/v1/invites/${token}`,
        headers: framed,
      })
      expect(opened.statusCode).toBe(200)
      expectFrameCookie(setCookieLine(opened, 'last_invite'))

      const openedOnSite = await server.app.inject({ method: 'GET', url: `/api/v1/invites/${token}` })
      expectSiteCookie(setCookieLine(openedOnSite, 'last_invite'))

      const forgotten = await server.app.inject({
        method: 'POST',
        url: '/api/v1/invite_delete_last_invite_cookie',
        headers: framed,
        cookies: { last_invite: token },
      })
      expect(forgotten.statusCode).toBe(200)
      expectFrameCookie(setCookieLine(forgotten, 'last_invite'))
    })
  },
)
