import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, users } from '../../server/db/schema'
import {
  bearer,
  createTestServer,
  DEMO,
  json,
  OTHER,
  post,
  signIn,
  testDatabases,
  type TestServer,
} from '../support/server-harness'

const SUPPORT = { email: 'support@example.com', password: 'demo12345' } as const

describe.each(testDatabases())('support acting as a customer, and returning (%s)', (kind) => {
  let server: TestServer
  let ownerId: number
  beforeAll(async () => {
    server = await createTestServer(kind)
    const [owner] = await server.db.select().from(users).where(eq(users.email, DEMO.email))
    ownerId = owner!.id
  })
  afterAll(() => server.close())

  const sessionOf = (token: string) => post(server.app, '/auth/session', {}, bearer(token))
  const stateOf = (token: string) =>
    server.app.inject({ method: 'GET', url: '/api/v1/auth/switch_user/state', headers: bearer(token) })
  const search = (token: string, q: string) =>
    server.app.inject({
      method: 'GET',
      url: `/api/v1/auth/switch_user/users?q=${encodeURIComponent(q)}`,
      headers: bearer(token),
    })
  /** Support signs in and switches to the owner: both their own pair and the switched one. */
  async function switchToOwner() {
    const support = await signIn(server.app, SUPPORT.email, SUPPORT.password)
    const issued = await post(
      server.app,
      '/auth/switch_user/token',
      { user_id: ownerId },
      bearer(support.access_token),
    )
    expect(issued.statusCode).toBe(201)
    const switched = await post(server.app, '/auth/switch_user', { token: json(issued).data.token })
    expect(switched.statusCode).toBe(201)
    return { support, switched: json(switched).data as { access_token: string; refresh_token: string } }
  }

  it('finds the accounts support may act as by name, e-mail or phone, never support themselves', async () => {
    const support = await signIn(server.app, SUPPORT.email, SUPPORT.password)
    const found = await search(support.access_token, 'demo@')
    expect(found.statusCode).toBe(200)
    expect(json(found).data).toEqual([
      { id: ownerId, name: 'Anna Demo', email: DEMO.email, phone: expect.any(String) },
    ])
    const byPhone = json(await search(support.access_token, '900 123')).data
    expect(byPhone.map((user: { id: number }) => user.id)).toEqual([ownerId])
    expect(json(await search(support.access_token, 'support')).data).toEqual([])
    // A percent sign is a letter here, not "anything".
    expect(json(await search(support.access_token, '%%')).data).toEqual([])
  })

  it('refuses the search to other users and bad queries with a field error', async () => {
    const owner = await signIn(server.app, OTHER.email, OTHER.password)
    expect((await search(owner.access_token, 'demo')).statusCode).toBe(403)
    const support = await signIn(server.app, SUPPORT.email, SUPPORT.password)
    for (const q of ['d', ' d ', 'a\u0000b', 'x'.repeat(101)]) {
      const response = await search(support.access_token, q)
      expect(response.statusCode, q).toBe(422)
      expect(Object.keys(json(response).meta.errors)).toEqual(['q'])
    }
  })

  it('says whose account the switched session came from, and keeps support from changing the account', async () => {
    const { switched } = await switchToOwner()
    const info = json(await sessionOf(switched.access_token)).data
    expect(info.user.email).toBe(DEMO.email)
    expect(json(await stateOf(switched.access_token)).data).toEqual({
      switched_from: { name: 'Sam Support' },
      may_switch: false,
    })
    const put2fa = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/user/2fa',
      headers: bearer(switched.access_token),
      payload: { two_factor: 'off', password: DEMO.password },
    })
    expect(put2fa.statusCode).toBe(403)
    expect(
      (await post(server.app, '/user/sessions/end_others', {}, bearer(switched.access_token))).statusCode,
    ).toBe(403)
    // The owner sees support's session among their own.
    const owner = await signIn(server.app)
    const sessions = json(
      await server.app.inject({
        method: 'GET',
        url: '/api/v1/user/sessions',
        headers: bearer(owner.access_token),
      }),
    ).data as { by_support: boolean }[]
    expect(sessions.some((session) => session.by_support)).toBe(true)
    // A plain session acts as nobody else; support's own may switch.
    expect(json(await stateOf(owner.access_token)).data).toEqual({ switched_from: null, may_switch: false })
    const support = await signIn(server.app, SUPPORT.email, SUPPORT.password)
    expect(json(await stateOf(support.access_token)).data).toEqual({ switched_from: null, may_switch: true })
  })

  it("returns to support's own session without a password, ends the switched one, and audits it", async () => {
    const { support, switched } = await switchToOwner()
    const supportSession = json(await sessionOf(support.access_token)).data.session_id
    const back = await post(server.app, '/auth/switch_user/return', {}, bearer(switched.access_token))
    expect(back.statusCode, back.body).toBe(200)
    const pair = json(back).data
    expect(pair.user.email).toBe(SUPPORT.email)
    expect(back.headers['set-cookie']).toBeDefined()
    const resumed = json(await sessionOf(pair.access_token)).data
    expect(resumed.session_id).toBe(supportSession)
    expect(json(await stateOf(pair.access_token)).data.switched_from).toBeNull()
    expect((await sessionOf(switched.access_token)).statusCode).toBe(401)
    expect(
      (await post(server.app, '/jwt/refresh', { refresh_token: switched.refresh_token })).statusCode,
    ).toBe(401)
    expect((await post(server.app, '/jwt/refresh', { refresh_token: pair.refresh_token })).statusCode).toBe(
      200,
    )
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'switch_user.returned'), eq(auditLog.actorUserId, support.user.id)))
    expect(entries.at(-1)).toMatchObject({ targetUserId: ownerId, details: { resumed: true } })
  })

  it('refuses a return from a session that is not switched (409) and a second return (401)', async () => {
    const support = await signIn(server.app, SUPPORT.email, SUPPORT.password)
    expect(
      (await post(server.app, '/auth/switch_user/return', {}, bearer(support.access_token))).statusCode,
    ).toBe(409)
    const { switched } = await switchToOwner()
    expect(
      (await post(server.app, '/auth/switch_user/return', {}, bearer(switched.access_token))).statusCode,
    ).toBe(200)
    expect(
      (await post(server.app, '/auth/switch_user/return', {}, bearer(switched.access_token))).statusCode,
    ).toBe(401)
  })

  it("ends the switched session when support's own session ends, and the owner can end it too", async () => {
    const first = await switchToOwner()
    expect(
      (await post(server.app, '/auth/logout_session', {}, bearer(first.support.access_token))).statusCode,
    ).toBe(200)
    expect((await sessionOf(first.switched.access_token)).statusCode).toBe(401)
    expect(
      (await post(server.app, '/jwt/refresh', { refresh_token: first.switched.refresh_token })).statusCode,
    ).toBe(401)

    const second = await switchToOwner()
    const owner = await signIn(server.app)
    const switchedId = json(await sessionOf(second.switched.access_token)).data.session_id
    const ended = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/sessions/${switchedId}`,
      headers: bearer(owner.access_token),
    })
    expect(ended.statusCode).toBe(200)
    expect((await sessionOf(second.switched.access_token)).statusCode).toBe(401)
    // Support's own session is untouched by the owner's choice.
    expect((await sessionOf(second.support.access_token)).statusCode).toBe(200)
  })

  it('does not switch again from a switched session, nor with a token whose issuer signed out', async () => {
    const support = await signIn(server.app, SUPPORT.email, SUPPORT.password)
    const issued = json(
      await post(server.app, '/auth/switch_user/token', { user_id: ownerId }, bearer(support.access_token)),
    ).data
    await post(server.app, '/auth/logout_session', {}, bearer(support.access_token))
    expect((await post(server.app, '/auth/switch_user', { token: issued.token })).statusCode).toBe(422)

    // A switched session of a support account (a superuser acting as support) cannot chain another switch.
    await server.db
      .update(users)
      .set({ pageFlags: ['superuser'] })
      .where(eq(users.email, OTHER.email))
    const superuser = await signIn(server.app, OTHER.email, OTHER.password)
    const [supportRow] = await server.db.select().from(users).where(eq(users.email, SUPPORT.email))
    const token = json(
      await post(
        server.app,
        '/auth/switch_user/token',
        { user_id: supportRow!.id },
        bearer(superuser.access_token),
      ),
    ).data.token
    const asSupport = json(await post(server.app, '/auth/switch_user', { token })).data
    const chained = await post(
      server.app,
      '/auth/switch_user/token',
      { user_id: ownerId },
      bearer(asSupport.access_token),
    )
    expect(chained.statusCode).toBe(403)
    await server.db.update(users).set({ pageFlags: [] }).where(eq(users.email, OTHER.email))
  })
})
