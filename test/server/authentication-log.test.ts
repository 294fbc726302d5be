import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, users } from '../../server/db/schema'
import {
  DEMO,
  TWOFA,
  json,
  latestCodeTo,
  postSignIn,
  testDatabases,
  useTestServer,
} from '../support/server-harness'

const AUTHENTICATION_ACTIONS = [
  'password_accepted',
  'password_refused',
  'second_factor_accepted',
  'second_factor_refused',
]

describe.each(testDatabases())('the security log of authentication (%s)', (kind) => {
  const server = useTestServer(kind)
  const userId = async (email: string) =>
    (await server.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id
  const logged = async () =>
    (
      await server.db
        .select()
        .from(auditLog)
        .where(inArray(auditLog.action, AUTHENTICATION_ACTIONS))
        .orderBy(auditLog.id)
    ).map(({ action, targetUserId, ip, details }) => ({ action, targetUserId, ip, details }))

  it('records every password checked, right or wrong, known login or not, with the address', async () => {
    await server.db.delete(auditLog)
    await postSignIn(server.app, DEMO.email, 'wrong-password', { ip: '10.1.1.1' })
    await postSignIn(server.app, 'nobody@example.com', 'wrong-password', { ip: '10.1.1.2' })
    await postSignIn(server.app, DEMO.email, DEMO.password, { ip: '10.1.1.3' })
    const demo = await userId(DEMO.email)
    expect(await logged()).toEqual([
      { action: 'password_refused', targetUserId: demo, ip: '10.1.1.1', details: { factor: 'password' } },
      { action: 'password_refused', targetUserId: null, ip: '10.1.1.2', details: { factor: 'password' } },
      { action: 'password_accepted', targetUserId: demo, ip: '10.1.1.3', details: { factor: 'password' } },
    ])
    // The password itself is never logged.
    expect(JSON.stringify(await server.db.select().from(auditLog))).not.toContain('wrong-password')
  })

  it('records every second-factor code checked, with the factor it was', async () => {
    await server.db.delete(auditLog)
    const signedIn = await postSignIn(server.app, TWOFA.email, TWOFA.password, { ip: '10.2.2.2' })
    const uuid = json(signedIn).data.login_confirmation_session.uuid as string
    const code = await latestCodeTo(server.app, TWOFA.email)
    const verify = (sent: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/user/2fa/session/verify',
        payload: { uuid, code: sent },
        remoteAddress: '10.2.2.3',
      })
    await verify(code === '000000' ? '000001' : '000000')
    expect((await verify(code)).statusCode).toBe(201)
    const twofa = await userId(TWOFA.email)
    const second = (await logged()).filter((event) => event.action.startsWith('second_factor'))
    expect(second).toEqual([
      {
        action: 'second_factor_refused',
        targetUserId: twofa,
        ip: '10.2.2.3',
        details: { factor: 'email', flow: 'login' },
      },
      {
        action: 'second_factor_accepted',
        targetUserId: twofa,
        ip: '10.2.2.3',
        details: { factor: 'email', flow: 'login' },
      },
    ])
  })
})
