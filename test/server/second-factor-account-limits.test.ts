import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { auditLog, loginConfirmationSessions, users } from '../../server/db/schema'
import {
  json,
  latestCodeTo,
  outboxMessages,
  post,
  postSignIn,
  testDatabases,
  TWOFA,
  useTestServer,
  expectThrottled,
} from '../support/server-harness'

/** The subject of the notice the owner gets when someone hits a second-factor limit of their account. */
const NOTICE_SUBJECT = 'Someone is trying to sign in to your account'

const noticesTo = async (app: Parameters<typeof outboxMessages>[0], recipient: string) =>
  (await outboxMessages(app)).filter(
    (message) => message.recipient === recipient && message.subject === NOTICE_SUBJECT,
  )

/** A code that is certainly not `code`. */
const wrongFor = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 1) % 10)

/** A reply to a guess that was checked against a code (right or wrong), not refused before the check. */
const wasEvaluated = (reply: LightMyRequestResponse) =>
  reply.statusCode === 201 || [2001, 2002].includes(json(reply).errors?.code)

describe.each(testDatabases())('second-factor limits per account (%s)', (kind) => {
  describe('guesses across sessions', () => {
    // Sessions are capped too (below); here they are not, to show that the guesses are capped on their own.
    const server = useTestServer(kind, { env: { SECOND_FACTOR_SESSIONS_MAX: '1000' } })
    const verify = (uuid: string, code: string) =>
      post(server.app, '/user/2fa/session/verify', { uuid, code })

    it('checks at most 10 wrong codes per account in 15 minutes however many sessions are opened, and tells the owner once', async () => {
      const sessions: { uuid: string; code: string }[] = []
      for (let i = 0; i < 60; i += 1) {
        const signedIn = await postSignIn(server.app, TWOFA.email, TWOFA.password)
        expect(signedIn.statusCode).toBe(202)
        const uuid = json(signedIn).data.login_confirmation_session.uuid as string
        sessions.push({ uuid, code: await latestCodeTo(server.app, TWOFA.email) })
      }
      // 60 sessions x 5 wrong guesses, all at once: 300 guesses, each session's own limit allowing all 5.
      const replies = await Promise.all(
        sessions.flatMap((session) =>
          Array.from({ length: 5 }, () => verify(session.uuid, wrongFor(session.code))),
        ),
      )
      expect(replies.filter(wasEvaluated)).toHaveLength(10)
      const refused = replies.filter((reply) => !wasEvaluated(reply))
      expect(refused).toHaveLength(290)
      for (const reply of refused) expectThrottled(reply, 900)

      // The right code of a new session is refused unchecked too, until the window ends.
      const signedIn = await postSignIn(server.app, TWOFA.email, TWOFA.password)
      const fresh = json(signedIn).data.login_confirmation_session.uuid as string
      expectThrottled(await verify(fresh, await latestCodeTo(server.app, TWOFA.email)), 900)

      expect(await noticesTo(server.app, TWOFA.email)).toHaveLength(1)
      const [twofa] = await server.db.select().from(users).where(eq(users.email, TWOFA.email))
      const logged = await server.db.select().from(auditLog).where(eq(auditLog.action, 'second_factor_limit'))
      expect(logged).toEqual([
        expect.objectContaining({
          targetUserId: twofa!.id,
          details: expect.objectContaining({ limit: 'codes' }),
        }),
      ])
    })
  })

  describe('sessions', () => {
    // Parallel right-password sign-ins past the sign-in throttle's account limit would be refused by that
    // throttle first; here it is out of the way, so that the session cap is what refuses them.
    const server = useTestServer(kind, { env: { SIGNIN_THROTTLE_ACCOUNT_MAX: '1000' } })
    const OWNER = { email: 'owner-sessions@example.com', password: TWOFA.password }

    it('opens at most 10 confirmation sessions (codes sent) per account in 15 minutes, even in parallel, and tells the owner once', async () => {
      // A second account with the second factor by e-mail, so the first suite's counters do not matter.
      const [twofa] = await server.db.select().from(users).where(eq(users.email, TWOFA.email))
      await server.db.update(users).set({ email: OWNER.email }).where(eq(users.id, twofa!.id))

      const replies = await Promise.all(
        Array.from({ length: 30 }, () => postSignIn(server.app, OWNER.email, OWNER.password)),
      )
      expect(replies.filter((reply) => reply.statusCode === 202)).toHaveLength(10)
      const refused = replies.filter((reply) => reply.statusCode !== 202)
      expect(refused).toHaveLength(20)
      for (const reply of refused) expectThrottled(reply, 900)
      const opened = await server.db
        .select()
        .from(loginConfirmationSessions)
        .where(eq(loginConfirmationSessions.userId, twofa!.id))
      expect(opened).toHaveLength(10)
      const codes = (await outboxMessages(server.app)).filter(
        (message) => message.recipient === OWNER.email && message.subject === 'Your sign-in code',
      )
      expect(codes).toHaveLength(10)
      expect(await noticesTo(server.app, OWNER.email)).toHaveLength(1)
    })

    it('keeps the current session when a refresh is refused by the cap', async () => {
      const [twofa] = await server.db.select().from(users).where(eq(users.email, OWNER.email))
      const [session] = await server.db
        .select()
        .from(loginConfirmationSessions)
        .where(eq(loginConfirmationSessions.userId, twofa!.id))
      await server.db
        .update(loginConfirmationSessions)
        .set({ refreshAvailableAt: new Date(Date.now() - 1000) })
        .where(eq(loginConfirmationSessions.id, session!.id))
      expectThrottled(await post(server.app, '/user/2fa/session/refresh', { uuid: session!.id }), 900)
      // Still the live session: a wrong code counts down its attempts instead of "sign in again" (410).
      const wrong = await post(server.app, '/user/2fa/session/verify', { uuid: session!.id, code: '000000' })
      expect(wrong.statusCode).not.toBe(410)
    })
  })

  describe('right codes', () => {
    const server = useTestServer(kind)
    const verify = (uuid: string, code: string) =>
      post(server.app, '/user/2fa/session/verify', { uuid, code })
    const openSession = async () => {
      const signedIn = await postSignIn(server.app, TWOFA.email, TWOFA.password)
      return {
        uuid: json(signedIn).data.login_confirmation_session.uuid as string,
        code: await latestCodeTo(server.app, TWOFA.email),
      }
    }

    it('does not count a right code against the account', async () => {
      const first = await openSession()
      for (let i = 0; i < 4; i += 1)
        expect((await verify(first.uuid, wrongFor(first.code))).statusCode).toBe(422)
      const second = await openSession()
      for (let i = 0; i < 5; i += 1)
        expect(wasEvaluated(await verify(second.uuid, wrongFor(second.code)))).toBe(true)
      // Nine wrong codes so far; the right one signs in and is not the tenth.
      const third = await openSession()
      expect((await verify(third.uuid, third.code)).statusCode).toBe(201)
      const fourth = await openSession()
      expect(json(await verify(fourth.uuid, wrongFor(fourth.code))).errors.code).toBe(2001)
      expectThrottled(await verify(fourth.uuid, wrongFor(fourth.code)), 900)
    })
  })
})
