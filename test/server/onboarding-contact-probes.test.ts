import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema'
import {
  DEMO,
  OTHER,
  json,
  randomIp,
  testDatabases,
  useTestServer,
  expectThrottled,
} from '../support/server-harness'
import { answeredVisitor, newEmail, type Visitor } from './onboarding-driver'

const DAY = 24 * 60 * 60

const register = (visitor: Visitor, id: number, email: string) =>
  visitor.call('POST', `/onboarding/continue_register/create_company/${id}`, {
    name: 'Anna',
    password: 'violet-sky-42',
    confirm_password: 'violet-sky-42',
    email,
  })

const isTakenAnswer = (reply: LightMyRequestResponse) =>
  reply.statusCode === 422 && json(reply).meta.errors?.email?.[0]?.includes('belongs to another account')

describe.each(testDatabases())('registration probes of other accounts’ contacts (%s)', (kind) => {
  // Many registrations start from one address here; the reCAPTCHA of the first step has its own suite.
  const server = useTestServer(kind, { env: { ONBOARDING_RECAPTCHA_AFTER: '10000' } })

  it('says at most 5 times per registration that a contact belongs to another account, even in parallel', async () => {
    const { visitor, id } = await answeredVisitor(server.app)
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => register(visitor, id, i % 2 ? DEMO.email : OTHER.email)),
    )
    expect(replies.filter(isTakenAnswer)).toHaveLength(5)
    const refused = replies.filter((reply) => !isTakenAnswer(reply))
    expect(refused).toHaveLength(15)
    for (const reply of refused) expectThrottled(reply, DAY)
    // The registration can still be finished later, not within the day.
    expectThrottled(await register(visitor, id, newEmail()), DAY)
    const logged = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'registration_probe_limit'))
    expect(logged.map((event) => event.details)).toContainEqual(
      expect.objectContaining({ counter: 'register:probes:progress', limit: 5 }),
    )
  })

  it('does not count a free contact: the registration goes through', async () => {
    const { visitor, id } = await answeredVisitor(server.app)
    for (let i = 0; i < 4; i += 1) expect(isTakenAnswer(await register(visitor, id, DEMO.email))).toBe(true)
    expect((await register(visitor, id, newEmail())).statusCode).toBe(200)
  })

  it('says at most 20 times a day from one address that a contact belongs to another account', async () => {
    const ip = randomIp()
    let taken = 0
    let last: LightMyRequestResponse | undefined
    for (let registration = 0; registration < 5; registration += 1) {
      const { visitor, id } = await answeredVisitor(server.app, undefined, undefined, ip)
      for (let i = 0; i < 5; i += 1) {
        last = await register(visitor, id, DEMO.email)
        if (isTakenAnswer(last)) taken += 1
      }
    }
    expect(taken).toBe(20)
    expectThrottled(last!, DAY)
  })
})
