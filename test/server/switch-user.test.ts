import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, users } from '../../server/db/schema'
import {
  bearer,
  createTestServer,
  DEMO,
  json,
  latestCodeTo,
  OTHER,
  post,
  postLogin,
  signIn,
  testDatabases,
  type TestServer,
  TWOFA,
} from '../support/server-harness'

describe.each(testDatabases())('switching user (%s)', (kind) => {
  let server: TestServer
  let otherId: number
  beforeAll(async () => {
    server = await createTestServer(kind)
    await server.db
      .update(users)
      .set({ pageFlags: ['superuser'] })
      .where(eq(users.email, DEMO.email))
    await server.db
      .update(users)
      .set({ pageFlags: ['support_tech_user'] })
      .where(eq(users.email, TWOFA.email))
    const [other] = await server.db.select().from(users).where(eq(users.email, OTHER.email))
    otherId = other!.id
  })
  afterAll(async () => server.close())

  const issue = (accessToken: string, userId: number) =>
    post(server.app, '/auth/switch_user/token', { user_id: userId }, bearer(accessToken))

  it('lets the superuser sign in as another user with a single-use token, recorded in the audit log', async () => {
    const superuser = await signIn(server.app, DEMO.email, DEMO.password)
    const issued = await issue(superuser.access_token, otherId)
    expect(issued.statusCode).toBe(201)
    expect(json(issued).data).toEqual({ token: expect.any(String), expires_in: 60 })
    const token = json(issued).data.token

    const switched = await post(server.app, '/auth/switch_user', { token })
    expect(switched.statusCode).toBe(201)
    expect(json(switched).data.user.email).toBe(OTHER.email)
    expect((await post(server.app, '/auth/switch_user', { token })).statusCode).toBe(422)

    const entries = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'switch_user.signed_in'), eq(auditLog.targetUserId, otherId)))
    expect(entries).toHaveLength(1)
    expect(entries[0]!.actorUserId).toBe(superuser.user.id)
  })

  it('refuses users without the page flags, unknown targets, and support staff becoming a superuser', async () => {
    const plain = await signIn(server.app, OTHER.email, OTHER.password)
    expect((await issue(plain.access_token, 1)).statusCode).toBe(403)
    const superuser = await signIn(server.app, DEMO.email, DEMO.password)
    expect((await issue(superuser.access_token, 999_999)).statusCode).toBe(404)
    expect((await issue(superuser.access_token, 0)).statusCode).toBe(422)
    expect((await post(server.app, '/auth/switch_user', { token: 'made-up-token' })).statusCode).toBe(422)
  })

  it('asks support staff for their own second factor first (the optional 2fa payload)', async () => {
    const started = await postLogin(server.app, { email: TWOFA.email, password: TWOFA.password })
    const support = json(
      await post(server.app, '/user/2fa/session/verify', {
        uuid: json(started).data.login_confirmation_session.uuid,
        code: await latestCodeTo(server.app, TWOFA.email),
      }),
    ).data
    const [demo] = await server.db.select().from(users).where(eq(users.email, DEMO.email))
    expect((await issue(support.access_token, demo!.id)).statusCode).toBe(403)

    const token = json(await issue(support.access_token, otherId)).data.token
    const challenge = await post(server.app, '/auth/switch_user', { token })
    expect(challenge.statusCode).toBe(202)
    const session = json(challenge).data.login_confirmation_session
    expect(session.flow).toBe('switch_user')
    const code = await latestCodeTo(server.app, TWOFA.email)
    const wrong = await post(server.app, '/auth/switch_user', {
      token,
      '2fa': { uuid: session.uuid, code: code === '000000' ? '111111' : '000000' },
    })
    expect(json(wrong).errors.code).toBe(2001)
    const done = await post(server.app, '/auth/switch_user', { token, '2fa': { uuid: session.uuid, code } })
    expect(done.statusCode).toBe(201)
    expect(json(done).data.user.email).toBe(OTHER.email)
  })
})
