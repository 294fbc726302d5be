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

describe.each(testDatabases())('sign-in (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    // Small limits keep the throttling tests short; the defaults are covered by the same code.
    server = await createTestServer(kind, {
      env: { SIGNIN_THROTTLE_ACCOUNT_MAX: '3', SIGNIN_THROTTLE_IP_MAX: '5' },
    })
  })
  afterAll(() => server.close())

  it('signs in by e-mail, in any letter case, and returns a token pair and a refresh cookie', async () => {
    const response = await postSignIn(server.app, '  Demo@Example.COM ', DEMO.password)
    expect(response.statusCode).toBe(201)
    const body = json(response)
    expect(body.success).toBe(true)
    expect(body.meta).toEqual({})
    expect(body.data).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      user: { name: 'Anna Demo', email: DEMO.email, phone: DEMO.phone, user_role: 'owner' },
      redirect_url: null,
    })
    expect(body.data.access_token.split('.')).toHaveLength(3)
    const cookie = response.cookies.find((c) => c.name === 'refresh_token')
    expect(cookie).toMatchObject({
      value: body.data.refresh_token,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api',
    })
    // PUBLIC_ORIGIN is http in tests, so the cookie is not Secure.
    expect(cookie?.secure).toBeFalsy()
  })

  it.each(['79001234567', '+7 900 123-45-67', '+7 (900) 123 45 67', '8 900 123-45-67', '8(900)1234567'])(
    'signs in by phone written as %s',
    async (login) => {
      const response = await postSignIn(server.app, login, DEMO.password)
      expect(response.statusCode).toBe(201)
      expect(json(response).data.user.email).toBe(DEMO.email)
    },
  )

  it('reads a leading 8 as +7 only without a plus sign', async () => {
    expect((await postSignIn(server.app, '+8 900 123-45-67', DEMO.password)).statusCode).toBe(422)
  })

  it('answers a wrong password and an unknown login identically', async () => {
    const wrongPassword = await postSignIn(server.app, DEMO.email, 'not-the-password')
    const unknownUser = await postSignIn(server.app, 'nobody@example.com', 'not-the-password')
    const unknownPhone = await postSignIn(server.app, '+1 555 000 0000', 'not-the-password')
    for (const response of [wrongPassword, unknownUser, unknownPhone]) {
      expect(response.statusCode).toBe(422)
      expect(response.body).toBe(wrongPassword.body)
      expect(response.cookies).toHaveLength(0)
    }
    expect(json(wrongPassword)).toEqual({
      success: false,
      data: null,
      meta: { message: 'Invalid login or password' },
    })
  })

  it('POST /auth/login/1 echoes only a same-origin relative url', async () => {
    const cases: [string | undefined, string | null][] = [
      ['/ru/company/1/services?tab=2', '/ru/company/1/services?tab=2'],
      ['//evil.example.com/x', null],
      ['https://evil.example.com/', null],
      ['/\\evil.example.com', null],
      ['/\t/evil.example.com', null],
      [undefined, null],
    ]
    for (const [url, expected] of cases) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login/1',
        payload: { email: DEMO.email, password: DEMO.password, url, '2fa': { code: '123456' } },
        remoteAddress: randomIp(),
      })
      expect(response.statusCode).toBe(201)
      expect(json(response).data.redirect_url).toBe(expected)
    }
  })

  it('POST /auth/login/1 validates its own fields', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/1',
      payload: { password: DEMO.password },
    })
    expect(response.statusCode).toBe(422)
    expect(Object.keys(json(response).meta.errors)).toEqual(['email'])
  })

  it('throttles an account after repeated failures, from any address, and for unknown accounts alike', async () => {
    const throttledBodies: string[] = []
    for (const login of ['other@example.com', 'ghost@example.com']) {
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await postSignIn(server.app, login, 'wrong-password')).statusCode).toBe(422)
      }
      // Even the right password is refused while the account is throttled, from a fresh address.
      const throttled = await postSignIn(server.app, login, DEMO.password)
      expect(throttled.statusCode).toBe(429)
      throttledBodies.push(throttled.body)
    }
    expect(throttledBodies[0]).toBe(throttledBodies[1])
    expect(JSON.parse(throttledBodies[0]!)).toEqual({
      success: false,
      data: null,
      meta: { message: 'limit exceeded' },
      errors: { code: 1001, message: 'limit exceeded' },
    })
  })

  it('counts phone spellings of one login together', async () => {
    // A number no account has: an account's phone shares the account's counter (sign-in-throttle.test.ts).
    for (const login of ['+7 900 111-22-33', '79001112233', '+7 (900) 1112233']) {
      expect((await postSignIn(server.app, login, 'wrong-password')).statusCode).toBe(422)
    }
    expect((await postSignIn(server.app, '79001112233', 'wrong-password')).statusCode).toBe(429)
  })

  it('throttles an address that tries many accounts', async () => {
    const ip = randomIp()
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await postSignIn(server.app, `user${attempt}@example.com`, 'wrong-password', { ip })
      expect(response.statusCode).toBe(422)
    }
    const throttled = await postSignIn(server.app, DEMO.email, DEMO.password, { ip })
    expect(throttled.statusCode).toBe(429)
    expect(json(throttled).errors.code).toBe(1001)
    // Another address is not affected.
    expect((await postSignIn(server.app, DEMO.email, DEMO.password)).statusCode).toBe(201)
  })

  it('clears the account counter on success', async () => {
    const login = 'demo@example.com'
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 2; attempt++) {
        expect((await postSignIn(server.app, login, 'wrong-password')).statusCode).toBe(422)
      }
      expect((await postSignIn(server.app, login, DEMO.password)).statusCode).toBe(201)
    }
  })

  it('works the same under /api/v2', async () => {
    const response = await postSignIn(server.app, DEMO.email, DEMO.password, { prefix: '/api/v2' })
    expect(response.statusCode).toBe(201)
    expect(json(response).data.user.email).toBe(DEMO.email)
  })
})
