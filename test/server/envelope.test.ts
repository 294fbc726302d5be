import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestServer,
  DEMO,
  json,
  postSignIn,
  randomIp,
  testDatabases,
  type TestServer,
} from '../support/server-harness'

describe.each(testDatabases())('API envelope (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(kind)
  })
  afterAll(() => server.close())

  it('answers health under both API versions', async () => {
    for (const prefix of ['/api/v1', '/api/v2']) {
      const response = await server.app.inject({ method: 'GET', url: `${prefix}/health` })
      expect(response.statusCode).toBe(200)
      expect(json(response)).toEqual({ success: true, data: { status: 'ok' }, meta: {} })
    }
  })

  it('answers an unknown API route with 404 in the envelope', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/v1/no/such/route' })
    expect(response.statusCode).toBe(404)
    const body = json(response)
    expect(body).toMatchObject({ success: false, data: null })
    expect(typeof body.meta.message).toBe('string')
  })

  it('answers broken JSON with 400 in the envelope', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"login": "demo@example.com", ',
    })
    expect(response.statusCode).toBe(400)
    expect(json(response)).toMatchObject({
      success: false,
      data: null,
      meta: { message: expect.any(String) },
    })
  })

  it('answers 422 with messages per field, and changes nothing', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: { login: '', password: 12345 },
      remoteAddress: randomIp(),
    })
    expect(response.statusCode).toBe(422)
    const body = json(response)
    expect(body.success).toBe(false)
    expect(body.data).toBeNull()
    expect(body.meta.message).toBe('Validation failed')
    expect(Object.keys(body.meta.errors).sort()).toEqual(['login', 'password'])
    expect(body.meta.errors.login[0]).toBe('Enter your e-mail or phone')
    // Validation failures are not sign-in failures: the account is not closer to being throttled.
    for (let attempt = 0; attempt < 6; attempt++) {
      await server.app.inject({ method: 'POST', url: '/api/v1/auth', payload: { login: DEMO.email } })
    }
    expect((await postSignIn(server.app, DEMO.email, DEMO.password)).statusCode).toBe(201)
  })

  it('answers a body that is not an object with 422', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2,3]',
    })
    expect(response.statusCode).toBe(422)
    expect(json(response).meta.errors).toBeDefined()
  })

  it('refuses NUL characters instead of failing in the database', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":"a\\u0000@example.com","password":"x"}',
    })
    expect(response.statusCode).toBe(400)
    expect(json(response).success).toBe(false)
  })

  it('refuses a JSON body that sets __proto__ or constructor.prototype with 400 in the envelope', async () => {
    for (const payload of [
      '{"login":"demo@example.com","password":"x","__proto__":{"isAdmin":true}}',
      '{"login":"demo@example.com","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth',
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: randomIp(),
      })
      expect(response.statusCode, payload).toBe(400)
      expect(json(response)).toMatchObject({
        success: false,
        data: null,
        meta: { message: 'The request body must not set __proto__ or constructor.prototype' },
      })
    }
  })

  it("answers broken JSON with our own message, not the parser's", async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"login": tru',
    })
    expect(response.statusCode).toBe(400)
    expect(json(response).meta.message).toBe('The request body is not valid JSON')
  })

  it('answers an unsupported content type in the envelope, not with a 500', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      headers: { 'content-type': 'application/xml' },
      payload: '<login>demo</login>',
    })
    expect(response.statusCode).toBe(415)
    expect(json(response)).toMatchObject({ success: false, data: null })
  })
})
