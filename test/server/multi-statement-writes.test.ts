import { and, eq, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  companyUsers,
  onboardingProgress,
  serviceStaff,
  twoFactorRecoveryCodes,
  users,
  userSecurity,
} from '../../server/db/schema'
import type { Database } from '../../server/db/database'
import {
  bearer,
  createTestServer,
  DEMO,
  json,
  OTHER,
  post,
  postSignIn,
  signIn,
  testDatabases,
  type TestServer,
} from '../support/server-harness'
import { call, signInCast } from './business-api-helpers'
import { answeredVisitor, createInvite, newEmail } from './onboarding-driver'

/**
 * Makes the next writes of `operation` to `table` (matching `when`, a condition on NEW or OLD) fail inside the
 * database, as a lost connection or a full disk would, until the returned function is called. A write of several
 * statements that fails there must leave nothing of its earlier statements behind.
 */
async function failWrites(
  db: Database,
  table: string,
  operation: 'INSERT' | 'DELETE',
  when = 'true',
): Promise<() => Promise<void>> {
  const name = `planted_failure_${table}`
  await db.execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin raise exception 'planted failure in ${table}'; end $$`),
  )
  await db.execute(
    sql.raw(`create trigger ${name} before ${operation} on ${table} for each row when (${when})
      execute function ${name}()`),
  )
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on ${table}`))
    await db.execute(sql.raw(`drop function ${name}()`))
  }
}

describe.each(testDatabases())('writes of several statements, all or nothing (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(kind)
  })
  afterAll(() => server.close())

  const recoveryCodesOf = async (userId: number) =>
    server.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
  const securityOf = async (userId: number) =>
    (await server.db.select().from(userSecurity).where(eq(userSecurity.userId, userId)))[0]

  /** Chooses the authenticator app for `email` and starts its set-up: the session and the secret to code with. */
  async function startAppSetUp(email: string, password: string) {
    const pair = await signIn(server.app, email, password)
    const chosen = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/user/2fa',
      headers: bearer(pair.access_token),
      payload: { two_factor: 'totp', password },
    })
    expect(chosen.statusCode).toBe(200)
    const refused = await postSignIn(server.app, email, password)
    const uuid = json(refused).errors.login_confirmation_session.uuid as string
    const secret = json(await post(server.app, '/user/2fa/totp/setup', { uuid })).data.secret as string
    const code = () =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate()
    return { userId: pair.user.id as number, uuid, code, accessToken: pair.access_token as string }
  }

  it('linking services to an employee that fails on one link links none of them', async () => {
    const cast = await signInCast(server)
    const companyId = cast.ids.tverskaya.id
    const employee = json(
      await call(server, 'POST', '/staff/quick', {
        token: cast.owner,
        body: { company_id: companyId, name: 'All or nothing' },
      }),
    ).data as { id: number }
    const services = (
      json(await call(server, 'GET', `/services/${companyId}/`, { token: cast.owner })).data as {
        id: number
        is_composite: boolean
      }[]
    ).filter((service) => !service.is_composite)
    const [first, second] = services
    const restore = await failWrites(server.db, 'service_staff', 'INSERT', `NEW.service_id = ${second!.id}`)
    let failed
    try {
      failed = await call(server, 'POST', `/staff/${employee.id}/services`, {
        token: cast.owner,
        body: { services: [{ service_id: first!.id }, { service_id: second!.id }] },
      })
    } finally {
      await restore()
    }
    expect(failed.statusCode).toBe(500)
    expect(await server.db.select().from(serviceStaff).where(eq(serviceStaff.staffId, employee.id))).toEqual(
      [],
    )
  })

  // The next three use the demo owners' own second factor, which they change: they run last.
  let demoSetUp: Awaited<ReturnType<typeof startAppSetUp>> | undefined

  it('the app set-up that fails at its last step keeps no secret and no recovery codes, and can be confirmed again', async () => {
    const setUp = await startAppSetUp(DEMO.email, DEMO.password)
    demoSetUp = setUp
    const restore = await failWrites(server.db, 'auth_sessions', 'INSERT')
    let failed
    try {
      failed = await post(server.app, '/user/2fa/totp/confirm', { uuid: setUp.uuid, code: setUp.code() })
    } finally {
      await restore()
    }
    expect(failed.statusCode).toBe(500)
    expect(await recoveryCodesOf(setUp.userId)).toEqual([])
    expect((await securityOf(setUp.userId))?.totpSecretSealed ?? null).toBeNull()

    const confirmed = await post(server.app, '/user/2fa/totp/confirm', {
      uuid: setUp.uuid,
      code: setUp.code(),
    })
    expect(confirmed.statusCode).toBe(201)
    expect(json(confirmed).data.recovery_codes).toHaveLength(10)
    expect(await recoveryCodesOf(setUp.userId)).toHaveLength(10)
  })

  it('two confirmations of one app set-up at once give one set of ten recovery codes', async () => {
    const setUp = await startAppSetUp(OTHER.email, OTHER.password)
    const replies = await Promise.all(
      [1, 2].map(() => post(server.app, '/user/2fa/totp/confirm', { uuid: setUp.uuid, code: setUp.code() })),
    )
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 410])
    expect(await recoveryCodesOf(setUp.userId)).toHaveLength(10)
  })

  it('switching the app off that fails half-way leaves the app and its recovery codes as they were', async () => {
    // The demo account set the app up in the first test; its sign-in from before still holds a session.
    const { userId, accessToken: token } = demoSetUp!
    expect(await recoveryCodesOf(userId)).toHaveLength(10)

    const restore = await failWrites(server.db, 'two_factor_recovery_codes', 'DELETE')
    let failed
    try {
      failed = await server.app.inject({
        method: 'PUT',
        url: '/api/v1/user/2fa',
        headers: bearer(token),
        payload: { two_factor: 'email', password: DEMO.password },
      })
    } finally {
      await restore()
    }
    expect(failed.statusCode).toBe(500)
    const security = await securityOf(userId)
    expect(security).toMatchObject({ twoFactor: 'totp', totpSecretSealed: expect.any(String) })
    expect(await recoveryCodesOf(userId)).toHaveLength(10)
  })

  it('a registration by invitation that fails on joining leaves no account and can be finished again', async () => {
    const email = newEmail()
    const { visitor, id, phone } = await answeredVisitor(server.app)
    const invite = await createInvite(server.db, { phone: phone.digits })
    const body = { name: 'Vera', password: 'green-lantern-5', confirm_password: 'green-lantern-5', email }
    const url = `/onboarding/continue_register/accept_invites/${id}`

    const restore = await failWrites(server.db, 'company_users', 'INSERT')
    let failed
    try {
      failed = await visitor.call('POST', url, body)
    } finally {
      await restore()
    }
    expect(failed.statusCode).toBe(500)
    expect(await server.db.select().from(users).where(eq(users.email, email))).toEqual([])
    const [progress] = await server.db.select().from(onboardingProgress).where(eq(onboardingProgress.id, id))
    expect(progress?.userId ?? null).toBeNull()

    const joined = await visitor.call('POST', url, body)
    expect(joined.statusCode).toBe(200)
    expect(json(joined).data.joined_company_ids).toEqual([invite.companyId])
    const [user] = await server.db.select().from(users).where(eq(users.email, email))
    const memberships = await server.db
      .select()
      .from(companyUsers)
      .where(and(eq(companyUsers.userId, user!.id), eq(companyUsers.companyId, invite.companyId)))
    expect(memberships).toHaveLength(1)
  })
})
