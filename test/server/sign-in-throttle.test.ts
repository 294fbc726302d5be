import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, rateLimitCounters, users } from '../../server/db/schema'
import {
  createTestServer,
  DEMO,
  json,
  OTHER,
  randomIp,
  testDatabases,
  type TestServer,
  expectThrottled,
} from '../support/server-harness'

/** Small limits keep the bursts short; the pair limit is the strictest, as in the defaults. */
const LIMITS = { pair: 2, account: 4, address: 6, day: 7 }
const BURST = 50
const WRONG = 'wrong-password'

const statuses = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode)
/** Attempts whose password was checked: a 201 (right) or a wrong-credentials 422; not a 429 or a reCAPTCHA request. */
const evaluated = (responses: LightMyRequestResponse[]) =>
  responses.filter(
    (response) =>
      response.statusCode === 201 ||
      (response.statusCode === 422 && json(response).meta.message === 'Invalid login or password'),
  ).length

function signInFrom(
  server: TestServer,
  login: string,
  password: string,
  options: { ip?: string; cookies?: Record<string, string>; recaptcha?: string } = {},
) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/auth',
    payload: {
      login,
      password,
      ...(options.recaptcha ? { google_recaptcha_v2_token: options.recaptcha } : {}),
    },
    cookies: options.cookies ?? {},
    remoteAddress: options.ip ?? randomIp(),
  })
}

/** Signs the owner in once on a device, as the browser would: the device id and the remembered-account cookie. */
async function rememberedDevice(server: TestServer, login: string, password: string) {
  const device_id = `device-${randomIp().replaceAll('.', '-')}-owner`
  const response = await signInFrom(server, login, password, { cookies: { device_id } })
  expect(response.statusCode).toBe(201)
  const remembered = response.cookies.find((cookie) => cookie.name === 'fast_login_users')!
  return { device_id, fast_login_users: remembered.value }
}

async function userIdOf(server: TestServer, email: string) {
  const [user] = await server.db.select().from(users).where(eq(users.email, email))
  return user!.id
}

describe.each(testDatabases())('sign-in throttling under attack (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(kind, {
      env: {
        SIGNIN_THROTTLE_PAIR_MAX: String(LIMITS.pair),
        SIGNIN_THROTTLE_ACCOUNT_MAX: String(LIMITS.account),
        SIGNIN_THROTTLE_IP_MAX: String(LIMITS.address),
      },
    })
  })
  afterAll(() => server.close())
  // Every test starts with no failures counted and an empty security log.
  beforeEach(async () => {
    await server.db.delete(rateLimitCounters)
    await server.db.delete(auditLog)
  })

  it('evaluates at most the account limit of 50 parallel wrong passwords for one account, each from its own address', async () => {
    const responses = await Promise.all(
      Array.from({ length: BURST }, () => signInFrom(server, DEMO.email, WRONG)),
    )
    expect(evaluated(responses)).toBe(LIMITS.account)
    for (const response of responses.filter((r) => r.statusCode !== 422)) expectThrottled(response)
  })

  it('evaluates at most the address limit of 50 parallel attempts from one address at different logins', async () => {
    const ip = randomIp()
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, index) =>
        signInFrom(server, `spray${index}@example.com`, WRONG, { ip }),
      ),
    )
    expect(evaluated(responses)).toBe(LIMITS.address)
    for (const response of responses.filter((r) => r.statusCode !== 422)) expectThrottled(response)
  })

  it('does not accept the right password inside a burst of wrong ones once the account limit is reached', async () => {
    const wrong = Array.from({ length: BURST }, () => signInFrom(server, DEMO.email, WRONG))
    const right = signInFrom(server, DEMO.email, DEMO.password)
    const responses = await Promise.all([...wrong, right])
    // The right password is accepted only if it was one of the first attempts, inside the limit.
    expect(evaluated(responses)).toBeLessThanOrEqual(LIMITS.account)
    expectThrottled(await signInFrom(server, DEMO.email, DEMO.password))
  })

  it('counts the e-mail and the phone of one account under one counter', async () => {
    for (let attempt = 0; attempt < LIMITS.account / 2; attempt++) {
      expect((await signInFrom(server, DEMO.email, WRONG)).statusCode).toBe(422)
      expect((await signInFrom(server, `+${DEMO.phone}`, WRONG)).statusCode).toBe(422)
    }
    expectThrottled(await signInFrom(server, DEMO.phone, WRONG))
    expectThrottled(await signInFrom(server, DEMO.email.toUpperCase(), DEMO.password))
  })

  it('answers a throttled unknown login exactly like a throttled account', async () => {
    const replies: LightMyRequestResponse[] = []
    for (const login of [OTHER.email, 'nobody-here@example.com']) {
      for (let attempt = 0; attempt < LIMITS.account; attempt++) {
        expect((await signInFrom(server, login, WRONG)).statusCode).toBe(422)
      }
      replies.push(await signInFrom(server, login, WRONG))
    }
    expect(replies[0]!.statusCode).toBe(429)
    expect(replies[1]!.body).toBe(replies[0]!.body)
    expect(replies[1]!.headers['retry-after']).toBeDefined()
  })

  it('throttles one address at one account sooner than the account, without locking the owner out elsewhere', async () => {
    const attacker = randomIp()
    for (let attempt = 0; attempt < LIMITS.pair; attempt++) {
      expect((await signInFrom(server, DEMO.email, WRONG, { ip: attacker })).statusCode).toBe(422)
    }
    expectThrottled(await signInFrom(server, DEMO.email, DEMO.password, { ip: attacker }))
    expect((await signInFrom(server, DEMO.email, DEMO.password)).statusCode).toBe(201)
  })

  it("lets the owner sign in from the remembered device while an attacker's failures elsewhere hold the account limit", async () => {
    const owner = await rememberedDevice(server, DEMO.email, DEMO.password)
    const attack = await Promise.all(
      Array.from({ length: BURST }, () => signInFrom(server, DEMO.email, WRONG)),
    )
    expect(evaluated(attack)).toBe(LIMITS.account)
    // The right password from anywhere else is refused ...
    expectThrottled(await signInFrom(server, DEMO.email, DEMO.password))
    // ... also with the device id alone (script-written, so anyone can copy it) or another account's entry.
    expectThrottled(
      await signInFrom(server, DEMO.email, DEMO.password, { cookies: { device_id: owner.device_id } }),
    )
    const stranger = await rememberedDevice(server, OTHER.email, OTHER.password)
    expectThrottled(await signInFrom(server, DEMO.email, DEMO.password, { cookies: stranger }))
    // The owner's device is let through, with the phone as login too.
    expect((await signInFrom(server, DEMO.email, DEMO.password, { cookies: owner })).statusCode).toBe(201)
    expect((await signInFrom(server, DEMO.phone, DEMO.password, { cookies: owner })).statusCode).toBe(201)
  })

  it('still throttles wrong passwords from the remembered device per address', async () => {
    const owner = await rememberedDevice(server, DEMO.email, DEMO.password)
    const ip = randomIp()
    for (let attempt = 0; attempt < LIMITS.pair; attempt++) {
      expect((await signInFrom(server, DEMO.email, WRONG, { ip, cookies: owner })).statusCode).toBe(422)
    }
    expectThrottled(await signInFrom(server, DEMO.email, DEMO.password, { ip, cookies: owner }))
  })

  it('lets the owner sign in from the remembered device behind an address that failures elsewhere have throttled', async () => {
    const office = randomIp()
    const owner = await rememberedDevice(server, DEMO.email, DEMO.password)
    const spray = await Promise.all(
      Array.from({ length: LIMITS.address }, (_, index) =>
        signInFrom(server, `colleague${index}@example.com`, WRONG, { ip: office }),
      ),
    )
    expect(statuses(spray).every((status) => status === 422)).toBe(true)
    expectThrottled(await signInFrom(server, OTHER.email, OTHER.password, { ip: office }))
    expect(
      (await signInFrom(server, DEMO.email, DEMO.password, { ip: office, cookies: owner })).statusCode,
    ).toBe(201)
  })

  it('records each lock once in the security log, with the account it concerns', async () => {
    const responses = await Promise.all(
      Array.from({ length: BURST }, () => signInFrom(server, DEMO.email, WRONG)),
    )
    expect(evaluated(responses)).toBe(LIMITS.account)
    const ip = randomIp()
    for (let attempt = 0; attempt < LIMITS.address; attempt++) {
      await signInFrom(server, `unknown${attempt}@example.com`, WRONG, { ip })
    }
    const events = await server.db.select().from(auditLog).where(eq(auditLog.action, 'sign_in_locked'))
    const demoId = await userIdOf(server, DEMO.email)
    const accountLocks = events.filter((event) => event.details.scope === 'account')
    expect(accountLocks).toHaveLength(1)
    expect(accountLocks[0]).toMatchObject({
      targetUserId: demoId,
      details: { scope: 'account', limit: LIMITS.account, window_sec: 900 },
    })
    const addressLocks = events.filter((event) => event.details.scope === 'address')
    expect(addressLocks).toHaveLength(1)
    expect(addressLocks[0]).toMatchObject({ ip, targetUserId: null })
  })

  it('limits password guesses with a stolen session as well (the password re-check of PUT /user/2fa)', async () => {
    const signedIn = json(await signInFrom(server, DEMO.email, DEMO.password)).data
    const recheck = (password: string) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/v1/user/2fa',
        headers: { authorization: `Bearer ${signedIn.access_token}` },
        payload: { two_factor: 'off', password },
        remoteAddress: randomIp(),
      })
    const guesses = await Promise.all(Array.from({ length: BURST }, () => recheck(WRONG)))
    expect(statuses(guesses).filter((status) => status === 422)).toHaveLength(LIMITS.pair)
    for (const refused of guesses.filter((r) => r.statusCode !== 422)) expectThrottled(refused)
    expectThrottled(await recheck(DEMO.password))
  })

  it('does not count the right password as a failure', async () => {
    const ip = randomIp()
    for (let round = 0; round < 3; round++) {
      expect((await signInFrom(server, DEMO.email, WRONG, { ip })).statusCode).toBe(422)
      expect((await signInFrom(server, DEMO.email, DEMO.password, { ip })).statusCode).toBe(201)
    }
    for (let attempt = 0; attempt < LIMITS.address - 1; attempt++) {
      expect((await signInFrom(server, DEMO.email, DEMO.password, { ip })).statusCode).toBe(201)
    }
  })
})

describe('sign-in throttling with reCAPTCHA configured', () => {
  let server: TestServer
  let google: ReturnType<typeof createServer>
  beforeAll(async () => {
    google = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ success: new URLSearchParams(body).get('response') === 'human' }))
      })
    })
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve))
    server = await createTestServer('pglite', {
      env: {
        SIGNIN_THROTTLE_PAIR_MAX: String(LIMITS.pair),
        SIGNIN_THROTTLE_ACCOUNT_MAX: String(LIMITS.account),
        SIGNIN_THROTTLE_IP_MAX: String(LIMITS.address),
        SIGNIN_THROTTLE_ACCOUNT_DAY_MAX: String(LIMITS.day),
        RECAPTCHA_SECRET: 's3cret',
        RECAPTCHA_SITE_KEY: 'test-site-key-0123',
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${(google.address() as AddressInfo).port}/siteverify`,
      },
    })
  })
  afterAll(async () => {
    await server.close()
    await new Promise<void>((resolve) => google.close(() => resolve()))
  })

  it('asks for a reCAPTCHA instead of refusing once the account limit is reached, the same for unknown logins', async () => {
    const replies: LightMyRequestResponse[] = []
    for (const login of [DEMO.email, 'nobody-at-all@example.com']) {
      const attack = await Promise.all(Array.from({ length: BURST }, () => signInFrom(server, login, WRONG)))
      expect(evaluated(attack)).toBe(LIMITS.account)
      replies.push(await signInFrom(server, login, DEMO.password))
    }
    expect(replies[0]!.statusCode).toBe(422)
    expect(json(replies[0]!).meta.errors).toHaveProperty('google_recaptcha_v2_token')
    expect(replies[1]!.body).toBe(replies[0]!.body)

    const robot = await signInFrom(server, DEMO.email, DEMO.password, { recaptcha: 'robot' })
    expect(robot.body).toBe(replies[0]!.body)
    const wrongWithRecaptcha = await signInFrom(server, DEMO.email, WRONG, { recaptcha: 'human' })
    expect(json(wrongWithRecaptcha)).toEqual({
      success: false,
      data: null,
      meta: { message: 'Invalid login or password' },
    })
    expect((await signInFrom(server, DEMO.email, DEMO.password, { recaptcha: 'human' })).statusCode).toBe(201)
  })

  it('lets no reCAPTCHA past the daily account limit, only the remembered device', async () => {
    const owner = await rememberedDevice(server, OTHER.email, OTHER.password)
    const attack = await Promise.all(
      Array.from({ length: BURST }, () => signInFrom(server, OTHER.email, WRONG)),
    )
    expect(evaluated(attack)).toBe(LIMITS.account)
    const solved = await Promise.all(
      Array.from({ length: BURST }, () => signInFrom(server, OTHER.email, WRONG, { recaptcha: 'human' })),
    )
    expect(evaluated(solved)).toBe(LIMITS.day - LIMITS.account)
    expectThrottled(
      await signInFrom(server, OTHER.email, OTHER.password, { recaptcha: 'human' }),
      24 * 60 * 60,
    )
    expect((await signInFrom(server, OTHER.email, OTHER.password, { cookies: owner })).statusCode).toBe(201)
  })
})
