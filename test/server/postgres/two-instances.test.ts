import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRoundRobinBalancer, type Balancer } from '../../../scripts/instances/round-robin-balancer'
import { freePort, startServerProcess, type ServerProcess } from '../../../scripts/instances/server-process'
import {
  createPostgresDatabase,
  databaseUrl,
  dropPostgresDatabase,
} from '../../support/server-test-databases'
import { DEMO, OTHER, SPECIALIST, testSecret, TWOFA } from '../../support/server-harness'

const adminUrl = process.env.DATABASE_URL!

/** Asks until the answer has the status, for at most `ms`; returns the last status seen. */
async function statusWithin(ms: number, status: number, ask: () => Promise<{ status: number }>) {
  const deadline = Date.now() + ms
  let last = (await ask()).status
  while (last !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    last = (await ask()).status
  }
  return last
}

/** The parts of an API reply these tests read. */
interface Reply {
  data: { refresh_token: string; access_token: string; login_confirmation_session: { uuid: string } }
  errors?: { attempts_left?: number }
}

/** The reply of a JSON call: status and parsed body. */
async function call(port: number, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  return { status: response.status, body: (await response.json()) as Reply }
}

// The real entry point twice, on one new PostgreSQL database, started at the same moment (both migrate and seed
// it), behind a round-robin balancer: what one instance counts or ends, the other must see.
describe('two instances on one PostgreSQL, behind a balancer', () => {
  let database: string
  let instances: ServerProcess[] = []
  let balancer: Balancer

  beforeAll(async () => {
    database = await createPostgresDatabase(adminUrl)
    const balancerPort = await freePort()
    // What instances behind one balancer must share: the database, the public origin (the tokens' issuer) and the
    // secrets that sign tokens and seal data.
    const env = {
      PUBLIC_ORIGIN: `http://localhost:${balancerPort}`,
      DATABASE_URL: databaseUrl(adminUrl, database),
      NODE_ENV: 'development',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'salon-instances-')),
      JWT_SECRET: testSecret(),
      DATA_ENCRYPTION_KEY: testSecret(),
      TRUST_PROXY: 'true',
      SIGNIN_THROTTLE_PAIR_MAX: '3',
      REFRESH_REUSE_GRACE_SEC: '2',
      // Far longer than the test waits: whatever one instance's change ends on the other within it, PostgreSQL's
      // notification ended (docs/decisions.md, "The authentication cache").
      AUTH_CACHE_TTL_MS: '60000',
    }
    instances = await Promise.all([startServerProcess(env), startServerProcess(env)])
    balancer = await startRoundRobinBalancer(
      instances.map((instance) => instance.port),
      balancerPort,
    )
  }, 240_000)

  afterAll(async () => {
    await balancer?.close()
    for (const instance of instances) instance.child.kill('SIGKILL')
    await Promise.all(instances.map((instance) => instance.exited))
    await dropPostgresDatabase(adminUrl, database)
  }, 60_000)

  it('both start on an empty database: it is migrated and seeded once', async () => {
    for (const instance of instances) {
      expect((await call(instance.port, 'GET', '/health/ready')).status).toBe(200)
      expect(instance.output()).toContain('demo@example.com / demo12345')
    }
  })

  it('limit failed sign-ins together: a burst split across both is stopped as if it met one', async () => {
    const attempts = []
    for (let attempt = 0; attempt < 4; attempt++) {
      attempts.push(
        (
          await call(balancer.port, 'POST', '/auth', {
            login: SPECIALIST.email,
            password: 'not-the-password',
          })
        ).status,
      )
    }
    // Three wrong passwords (on alternate instances) are answered; the fourth is throttled wherever it lands.
    expect(attempts).toEqual([422, 422, 422, 429])
  })

  it('count second-factor attempts together: wrong codes on alternate instances use up one session', async () => {
    const started = await call(balancer.port, 'POST', '/auth', {
      login: TWOFA.email,
      password: TWOFA.password,
    })
    expect(started.status).toBe(202)
    const uuid = started.body.data.login_confirmation_session.uuid
    const attemptsLeft = []
    for (const instance of [...instances, ...instances]) {
      const wrong = await call(instance.port, 'POST', '/user/2fa/session/verify', { uuid, code: '000000' })
      attemptsLeft.push(wrong.body.errors?.attempts_left)
    }
    expect(attemptsLeft).toEqual([4, 3, 2, 1])
  })

  it('rotate refresh tokens together: two tabs on different instances stay signed in, a later replay ends it', async () => {
    const [a, b] = instances.map((instance) => instance.port) as [number, number]
    const signedIn = await call(a, 'POST', '/auth', { login: DEMO.email, password: DEMO.password })
    expect(signedIn.status).toBe(201)
    const original = signedIn.body.data.refresh_token

    // Two tabs refresh with the same token at once, each through a different instance: both stay signed in.
    const [tabA, tabB] = await Promise.all([
      call(a, 'POST', '/jwt/refresh', { refresh_token: original }),
      call(b, 'POST', '/jwt/refresh', { refresh_token: original }),
    ])
    expect([tabA.status, tabB.status]).toEqual([200, 200])
    expect((await call(a, 'GET', '/companies', undefined, tabB.body.data.access_token)).status).toBe(200)

    // After the grace window the old token is a replay on either instance, and it ends the session on both.
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect((await call(b, 'POST', '/jwt/refresh', { refresh_token: original })).status).toBe(401)
    expect(
      (await call(a, 'POST', '/jwt/refresh', { refresh_token: tabA.body.data.refresh_token })).status,
    ).toBe(401)
    expect((await call(a, 'GET', '/companies', undefined, tabB.body.data.access_token)).status).toBe(401)
  })

  it('honour a sign-out within the notification: a session ended on one instance is refused by the other', async () => {
    const [a, b] = instances.map((instance) => instance.port) as [number, number]
    const signedIn = await call(a, 'POST', '/auth', { login: OTHER.email, password: OTHER.password })
    expect(signedIn.status).toBe(201)
    const token = signedIn.body.data.access_token
    // Twice, so that the second answer comes from b's cache.
    expect((await call(b, 'GET', '/companies', undefined, token)).status).toBe(200)
    expect((await call(b, 'GET', '/companies', undefined, token)).status).toBe(200)
    expect((await call(a, 'POST', '/auth/logout_session', undefined, token)).status).toBe(200)
    expect(await statusWithin(2000, 401, () => call(b, 'GET', '/companies', undefined, token))).toBe(401)
  })

  it('honour a dismissal within the notification: a member removed in the database loses the company on both', async () => {
    const [a, b] = instances.map((instance) => instance.port) as [number, number]
    const signedIn = await call(a, 'POST', '/auth', { login: DEMO.email, password: DEMO.password })
    expect(signedIn.status).toBe(201)
    const token = signedIn.body.data.access_token
    const companies = await call(a, 'GET', '/companies', undefined, token)
    const companyId = (companies.body.data as unknown as { id: number }[])[0]!.id
    for (const port of [a, b, a, b]) {
      expect((await call(port, 'GET', `/company/${companyId}/labels`, undefined, token)).status).toBe(200)
    }
    const client = new pg.Client({ connectionString: databaseUrl(adminUrl, database) })
    await client.connect()
    try {
      await client.query(
        'delete from company_users where company_id = $1 and user_id = (select id from users where email = $2)',
        [companyId, DEMO.email],
      )
    } finally {
      await client.end()
    }
    for (const port of [a, b]) {
      expect(
        await statusWithin(2000, 404, () =>
          call(port, 'GET', `/company/${companyId}/labels`, undefined, token),
        ),
      ).toBe(404)
    }
  })
})
