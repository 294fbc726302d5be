import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { beforeAll, describe, expect, it } from 'vitest'
import { companies, loginConfirmationSessions, users } from '../../server/db/schema'
import {
  bearer,
  DEMO,
  json,
  latestCodeTo,
  OTHER,
  post,
  postLogin,
  postSignIn,
  signIn,
  testDatabases,
  TWOFA,
  useTestServer,
} from '../support/server-harness'

describe.each(testDatabases())('second factor (%s)', (kind) => {
  // This suite signs the same account in many times; the per-account limits have their own suite
  // (second-factor-account-limits.test.ts).
  const server = useTestServer(kind, {
    env: { SECOND_FACTOR_SESSIONS_MAX: '1000', SECOND_FACTOR_GUESSES_MAX: '100' },
  })

  async function startTwoFactor() {
    const response = await postSignIn(server.app, TWOFA.email, TWOFA.password)
    expect(response.statusCode).toBe(202)
    return json(response).data.login_confirmation_session as { uuid: string; attempts_left: number }
  }
  const verify = (uuid: string, code: string) => post(server.app, '/user/2fa/session/verify', { uuid, code })

  it('answers a login confirmation session instead of tokens and sends the code by e-mail', async () => {
    const response = await postSignIn(server.app, TWOFA.email, TWOFA.password)
    expect(response.statusCode).toBe(202)
    const body = json(response)
    expect(body.data).toEqual({
      login_confirmation_session: {
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        flow: 'login',
        transport: { type: 'email', recipient: 't***@example.com' },
        refresh_ttl_sec: 60,
        attempts_left: 5,
      },
    })
    expect(body.data.access_token).toBeUndefined()
    expect(response.cookies.find((cookie) => cookie.name === 'refresh_token')).toBeUndefined()
    expect(await latestCodeTo(server.app, TWOFA.email)).toMatch(/^\d{6}$/)
  })

  it('counts wrong codes down, signs in with the right one, and lets the code work once', async () => {
    const session = await startTwoFactor()
    const code = await latestCodeTo(server.app, TWOFA.email)
    const wrong = await verify(session.uuid, code === '000000' ? '111111' : '000000')
    expect(wrong.statusCode).toBe(422)
    expect(json(wrong).errors).toMatchObject({
      code: 2001,
      message: 'invalid confirmation code',
      attempts_left: 4,
    })

    const right = await verify(session.uuid, code)
    expect(right.statusCode).toBe(201)
    const pair = json(right).data
    expect(pair.user.email).toBe(TWOFA.email)
    const sessionInfo = await post(server.app, '/auth/session', undefined, bearer(pair.access_token))
    expect(sessionInfo.statusCode).toBe(200)

    const again = await verify(session.uuid, code)
    expect(again.statusCode).toBe(410)
  })

  it('refuses a code that is not 6 digits without using up an attempt', async () => {
    const session = await startTwoFactor()
    const code = await latestCodeTo(server.app, TWOFA.email)
    for (const malformed of ['12', '12345a', '1234567']) {
      const refused = await verify(session.uuid, malformed)
      expect(refused.statusCode).toBe(422)
      expect(json(refused).errors).toBeUndefined()
      expect(json(refused).meta.errors).toEqual({ code: ['The code has 6 digits'] })
    }
    // All five attempts are still there: the first wrong code leaves four.
    const wrong = await verify(session.uuid, code === '000000' ? '111111' : '000000')
    expect(json(wrong).errors).toMatchObject({ code: 2001, attempts_left: 4 })
    expect((await verify(session.uuid, code)).statusCode).toBe(201)
  })

  it('evaluates 50 parallel wrong codes no more often than the attempt limit, then ends the session (2002)', async () => {
    const session = await startTwoFactor()
    const code = await latestCodeTo(server.app, TWOFA.email)
    const wrongCode = code === '999999' ? '888888' : '999999'
    const replies = await Promise.all(Array.from({ length: 50 }, () => verify(session.uuid, wrongCode)))
    const statuses = replies.map((reply) => reply.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(0)
    // Five attempts are evaluated: four answer 2001, the fifth 2002; every later guess is refused unevaluated.
    expect(statuses.filter((status) => status === 422)).toHaveLength(4)
    expect(replies.some((reply) => reply.statusCode === 429 && json(reply).errors.code === 2002)).toBe(true)
    expect(statuses.every((status) => [422, 429, 410].includes(status))).toBe(true)
    expect((await verify(session.uuid, code)).statusCode).toBe(410)
  })

  it('binds a code to the session that sent it', async () => {
    const first = await startTwoFactor()
    const firstCode = await latestCodeTo(server.app, TWOFA.email)
    const second = await startTwoFactor()
    const secondCode = await latestCodeTo(server.app, TWOFA.email)
    if (firstCode === secondCode) return
    const crossed = await verify(second.uuid, firstCode)
    expect(crossed.statusCode).toBe(422)
    expect(json(crossed).errors.code).toBe(2001)
    expect((await verify(first.uuid, firstCode)).statusCode).toBe(201)
  })

  it('refuses a refresh before refresh_ttl_sec and replaces the session after it', async () => {
    const session = await startTwoFactor()
    const early = await post(server.app, '/user/2fa/session/refresh', { uuid: session.uuid })
    expect(early.statusCode).toBe(429)
    expect(json(early).errors).toMatchObject({ code: 1001, message: 'limit exceeded' })
    expect(json(early).errors.wait_period).toBeGreaterThan(0)

    await server.db
      .update(loginConfirmationSessions)
      .set({ refreshAvailableAt: new Date(Date.now() - 1000) })
      .where(eq(loginConfirmationSessions.id, session.uuid))
    const oldCode = await latestCodeTo(server.app, TWOFA.email)
    const refreshed = await post(server.app, '/user/2fa/session/refresh', { uuid: session.uuid })
    expect(refreshed.statusCode).toBe(200)
    const next = json(refreshed).data.login_confirmation_session
    expect(next.uuid).not.toBe(session.uuid)
    expect(next.refresh_ttl_sec).toBe(60)
    expect((await verify(session.uuid, oldCode)).statusCode).toBe(410)
    expect((await verify(next.uuid, await latestCodeTo(server.app, TWOFA.email))).statusCode).toBe(201)
  })

  it('ends a session after ten minutes', async () => {
    const session = await startTwoFactor()
    const code = await latestCodeTo(server.app, TWOFA.email)
    await server.db
      .update(loginConfirmationSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginConfirmationSessions.id, session.uuid))
    const late = await verify(session.uuid, code)
    expect(late.statusCode).toBe(410)
    expect(json(late).meta.message).toMatch(/sign in again/)
  })

  it('accepts the code together with the credentials on POST /auth/login/1 and keeps the url', async () => {
    const first = await postLogin(server.app, { email: TWOFA.email, password: TWOFA.password, url: '/en/' })
    expect(first.statusCode).toBe(202)
    const uuid = json(first).data.login_confirmation_session.uuid
    const code = await latestCodeTo(server.app, TWOFA.email)
    const second = await postLogin(server.app, {
      email: TWOFA.email,
      password: TWOFA.password,
      url: '/en/',
      '2fa': { uuid, code },
    })
    expect(second.statusCode).toBe(201)
    expect(json(second).data.redirect_url).toBe('/en/')
  })

  it('answers 422 for malformed calls and changes nothing', async () => {
    const bad = await post(server.app, '/user/2fa/session/verify', { uuid: 'nope', code: '' })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(json(bad).meta.errors).sort()).toEqual(['code', 'uuid'])
    const missing = await post(server.app, '/user/2fa/session/refresh', {})
    expect(missing.statusCode).toBe(422)
    const unknown = await verify('00000000-0000-4000-8000-000000000000', '123456')
    expect(unknown.statusCode).toBe(410)
  })

  it('lets a company require a second factor of every member', async () => {
    const owner = await signIn(server.app, OTHER.email, OTHER.password)
    const [barbers] = await server.db.select().from(companies).where(eq(companies.title, 'Northern Barbers'))
    const url = `/api/v1/company/${barbers!.id}/security/two_factor`
    const admin = await post(server.app, '/user/2fa/session/verify', {
      uuid: (await startTwoFactor()).uuid,
      code: await latestCodeTo(server.app, TWOFA.email),
    })
    const adminToken = json(admin).data.access_token
    const refused = await server.app.inject({
      method: 'PUT',
      url,
      headers: bearer(adminToken),
      payload: { required_for: 'everyone' },
    })
    expect(refused.statusCode).toBe(403)
    const invalid = await server.app.inject({
      method: 'PUT',
      url,
      headers: bearer(owner.access_token),
      payload: {},
    })
    expect(invalid.statusCode).toBe(422)

    const set = await server.app.inject({
      method: 'PUT',
      url,
      headers: bearer(owner.access_token),
      payload: { required_for: 'everyone' },
    })
    expect(json(set).data.required_for).toBe('everyone')
    const next = await postSignIn(server.app, OTHER.email, OTHER.password)
    expect(next.statusCode).toBe(202)
    expect(json(next).data.login_confirmation_session.transport).toEqual({
      type: 'email',
      recipient: 'o***@example.com',
    })
    // Members of other companies are not affected.
    expect((await postSignIn(server.app, DEMO.email, DEMO.password)).statusCode).toBe(201)
    await server.app.inject({
      method: 'PUT',
      url,
      headers: bearer(owner.access_token),
      payload: { required_for: 'nobody' },
    })
  })

  describe('authenticator app', () => {
    let secret: string
    let userEmail: string
    let recoveryCodes: string[] = []
    const totpAt = (timestamp: number) =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
        timestamp,
      })
    /**
     * Waits for the next 30-second step when this one ends within 5 seconds, so that the steps a case computes
     * from its `now` are still the server's steps when its calls arrive.
     */
    const awayFromAStepChange = async () => {
      const left = 30_000 - (Date.now() % 30_000)
      if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50))
    }

    beforeAll(async () => {
      userEmail = DEMO.email
      const pair = await signIn(server.app)
      const wrongPassword = await server.app.inject({
        method: 'PUT',
        url: '/api/v1/user/2fa',
        headers: bearer(pair.access_token),
        payload: { two_factor: 'totp', password: 'wrong-password' },
      })
      expect(wrongPassword.statusCode).toBe(422)
      expect(json(wrongPassword).meta.errors.password).toBeDefined()
      const chosen = await server.app.inject({
        method: 'PUT',
        url: '/api/v1/user/2fa',
        headers: bearer(pair.access_token),
        payload: { two_factor: 'totp', password: DEMO.password },
      })
      expect(json(chosen).data).toEqual({
        two_factor: 'totp',
        required_by_company: false,
        totp_configured: false,
      })
    })

    it('answers the two-factor secret error, sets the app up with one code and shows recovery codes once', async () => {
      const response = await postSignIn(server.app, userEmail, DEMO.password)
      expect(response.statusCode).toBe(403)
      const body = json(response)
      expect(body.errors).toMatchObject({ code: 2003, message: 'two-factor secret required' })
      const session = body.errors.login_confirmation_session
      expect(session).toMatchObject({ flow: 'totp_setup', transport: { type: 'totp', recipient: null } })

      const setup = await post(server.app, '/user/2fa/totp/setup', { uuid: session.uuid })
      expect(setup.statusCode).toBe(200)
      secret = json(setup).data.secret
      expect(json(setup).data.otpauth_url).toMatch(/^otpauth:\/\/totp\//)
      expect(json(setup).data.qr_code).toMatch(/^data:image\/svg\+xml;base64,/)
      const repeated = await post(server.app, '/user/2fa/totp/setup', { uuid: session.uuid })
      expect(json(repeated).data.secret).toBe(secret)

      const wrong = await post(server.app, '/user/2fa/totp/confirm', {
        uuid: session.uuid,
        code: '000000' === totpAt(Date.now()) ? '111111' : '000000',
      })
      expect(wrong.statusCode).toBe(422)
      expect(json(wrong).errors).toMatchObject({ code: 2001, attempts_left: 4 })

      // One step of clock skew backwards is tolerated.
      await awayFromAStepChange()
      const confirmed = await post(server.app, '/user/2fa/totp/confirm', {
        uuid: session.uuid,
        code: totpAt(Date.now() - 30_000),
      })
      expect(confirmed.statusCode).toBe(201)
      expect(json(confirmed).data.recovery_codes).toHaveLength(10)
      expect(json(confirmed).data.access_token).toEqual(expect.any(String))
      recoveryCodes = json(confirmed).data.recovery_codes
    })

    it('then asks for the app code, which works once, with one step of skew forward', async () => {
      const start = async () => {
        const response = await postSignIn(server.app, userEmail, DEMO.password)
        expect(response.statusCode).toBe(202)
        const session = json(response).data.login_confirmation_session
        expect(session.transport).toEqual({ type: 'totp', recipient: null })
        return session.uuid as string
      }
      await awayFromAStepChange()
      const now = Date.now()
      const first = await start()
      expect((await verify(first, totpAt(now))).statusCode).toBe(201)
      const second = await start()
      const replay = await verify(second, totpAt(now))
      expect(replay.statusCode).toBe(422)
      expect(json(replay).errors.code).toBe(2001)
      expect((await verify(second, totpAt(now + 60_000))).statusCode).toBe(422)
      expect((await verify(second, totpAt(now + 30_000))).statusCode).toBe(201)
    })

    it('takes a recovery code once', async () => {
      const codes = recoveryCodes
      const uuidOf = async () =>
        json(await postSignIn(server.app, userEmail, DEMO.password)).data.login_confirmation_session.uuid
      expect((await verify(await uuidOf(), codes[0]!.toUpperCase())).statusCode).toBe(201)
      expect((await verify(await uuidOf(), codes[0]!)).statusCode).toBe(422)
    })

    it('turns the app off again with the password, forgetting its secret', async () => {
      const [user] = await server.db.select().from(users).where(eq(users.email, userEmail))
      const uuid = json(await postSignIn(server.app, userEmail, DEMO.password)).data
        .login_confirmation_session.uuid
      const codes = recoveryCodes
      const pair = json(await verify(uuid, codes[1]!)).data
      expect(pair.user.id).toBe(user!.id)
      const off = await server.app.inject({
        method: 'PUT',
        url: '/api/v1/user/2fa',
        headers: bearer(pair.access_token),
        payload: { two_factor: 'off', password: DEMO.password },
      })
      expect(json(off).data).toEqual({
        two_factor: 'off',
        required_by_company: false,
        totp_configured: false,
      })
      expect((await postSignIn(server.app, userEmail, DEMO.password)).statusCode).toBe(201)
    })
  })
})
