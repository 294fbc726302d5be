import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFacebookProvider } from '../../server/auth/facebook-provider'
import {
  createTestServer,
  DEMO,
  json,
  latestCodeTo,
  postLogin,
  testDatabases,
  type TestServer,
  TWOFA,
} from '../support/server-harness'

const APP_ID = '4242'
const APP_SECRET = 'stand-in-secret'

/** Facebook users the stand-in Graph API knows, by access token. */
const PEOPLE: Record<string, { id: string; email?: string; appId?: string }> = {
  'token-demo': { id: 'fb-1', email: DEMO.email },
  'token-twofa': { id: 'fb-2', email: TWOFA.email },
  'token-stranger': { id: 'fb-3', email: 'stranger@example.com' },
  'token-no-email': { id: 'fb-4' },
  'token-other-app': { id: 'fb-5', email: DEMO.email, appId: '9999' },
}

/** A stand-in for graph.facebook.com on loopback: debug_token and /me, checking the app token. */
function startStandInGraph(): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (url.pathname === '/debug_token') {
      if (url.searchParams.get('access_token') !== `${APP_ID}|${APP_SECRET}`) return send(400, { error: {} })
      const person = PEOPLE[url.searchParams.get('input_token') ?? '']
      if (!person) return send(200, { data: { is_valid: false } })
      return send(200, { data: { is_valid: true, app_id: person.appId ?? APP_ID, user_id: person.id } })
    }
    if (url.pathname === '/me') {
      const person = PEOPLE[url.searchParams.get('access_token') ?? '']
      if (!person) return send(400, { error: {} })
      return send(200, { id: person.id, ...(person.email ? { email: person.email } : {}) })
    }
    send(404, {})
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

describe.each(testDatabases())('Facebook sign-in (%s)', (kind) => {
  let graph: Server
  let server: TestServer
  beforeAll(async () => {
    graph = await startStandInGraph()
    const { port } = graph.address() as AddressInfo
    server = await createTestServer(kind, {
      env: {
        FACEBOOK_APP_ID: APP_ID,
        FACEBOOK_APP_SECRET: APP_SECRET,
        FACEBOOK_GRAPH_URL: `http://127.0.0.1:${port}`,
      },
    })
  })
  afterAll(async () => {
    await server.close()
    await new Promise((resolve) => graph.close(resolve))
  })

  it('signs in the account whose e-mail Facebook vouches for, and keeps the link', async () => {
    const response = await postLogin(server.app, { fb_token: 'token-demo', url: '/en/' })
    expect(response.statusCode).toBe(201)
    expect(json(response).data).toMatchObject({ user: { email: DEMO.email }, redirect_url: '/en/' })
    const withEmail = await postLogin(server.app, { fb_token: 'token-demo', email: 'DEMO@example.com' })
    expect(withEmail.statusCode).toBe(201)
  })

  it('refuses invalid tokens, tokens of another app, strangers and a mismatching typed e-mail alike', async () => {
    for (const payload of [
      { fb_token: 'token-unknown' },
      { fb_token: 'token-other-app' },
      { fb_token: 'token-stranger' },
      { fb_token: 'token-no-email' },
      { fb_token: 'token-demo', email: 'other@example.com' },
    ]) {
      const response = await postLogin(server.app, payload)
      expect(response.statusCode).toBe(422)
      expect(json(response).meta.message).toBe('Facebook sign-in failed')
    }
    const empty = await postLogin(server.app, { fb_token: '' })
    expect(json(empty).meta.errors.fb_token).toBeDefined()
  })

  it('still asks for the second factor', async () => {
    const response = await postLogin(server.app, { fb_token: 'token-twofa' })
    expect(response.statusCode).toBe(202)
    const uuid = json(response).data.login_confirmation_session.uuid
    const code = await latestCodeTo(server.app, TWOFA.email)
    const done = await postLogin(server.app, { fb_token: 'token-twofa', '2fa': { uuid, code } })
    expect(done.statusCode).toBe(201)
  })

  it('is off until both the app id and the secret are configured', () => {
    const graphUrl = 'https://graph.facebook.com'
    expect(
      createFacebookProvider({
        FACEBOOK_APP_ID: APP_ID,
        FACEBOOK_APP_SECRET: undefined,
        FACEBOOK_GRAPH_URL: graphUrl,
      }),
    ).toBeUndefined()
    expect(
      createFacebookProvider({
        FACEBOOK_APP_ID: APP_ID,
        FACEBOOK_APP_SECRET: APP_SECRET,
        FACEBOOK_GRAPH_URL: graphUrl,
      }),
    ).toBeDefined()
  })
})
