import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../server/db/schema'
import {
  json,
  latestCodeTo,
  outboxMessages,
  randomIp,
  testDatabases,
  useTestServer,
  expectThrottled,
} from '../support/server-harness'
import { resetDriver } from './password-reset-driver'

const DAY = 24 * 60 * 60

/** The reply without what differs from one moment to the next (the Retry-After seconds). */
const shape = (reply: LightMyRequestResponse) => ({
  status: reply.statusCode,
  body: json(reply),
  retryAfter: reply.headers['retry-after'] === undefined ? 'none' : 'set',
})

describe.each(testDatabases())('password reset caps (%s)', (kind) => {
  describe('per contact', () => {
    const server = useTestServer(kind)
    const { sendCode, createToken, skipResendWait } = resetDriver(server)
    const codesTo = async (recipient: string) =>
      (await outboxMessages(server.app)).filter((message) => message.recipient === recipient)

    it('sends at most 10 codes per contact per day, even when asked in parallel, the same for a known and an unknown contact', async () => {
      const capped: LightMyRequestResponse[] = []
      for (const contact of ['other@example.com', 'nobody-registered@example.com']) {
        for (let i = 0; i < 9; i += 1) {
          await skipResendWait(contact)
          expect((await sendCode(contact)).statusCode).toBe(200)
        }
        await skipResendWait(contact)
        const burst = await Promise.all(Array.from({ length: 20 }, () => sendCode(contact)))
        expect(burst.filter((reply) => reply.statusCode === 200)).toHaveLength(1)
        await skipResendWait(contact)
        const eleventh = await sendCode(contact)
        expectThrottled(eleventh, DAY)
        capped.push(eleventh)
      }
      expect(shape(capped[1]!)).toEqual(shape(capped[0]!))
      expect(await codesTo('other@example.com')).toHaveLength(10)
      expect(await codesTo('nobody-registered@example.com')).toHaveLength(0)
    })

    it('checks at most 20 wrong codes per contact per day across its codes, the same for a known and an unknown contact', async () => {
      const capped: LightMyRequestResponse[] = []
      for (const contact of ['demo@example.com', 'nobody-else@example.com']) {
        for (let round = 0; round < 4; round += 1) {
          await skipResendWait(contact)
          expect((await sendCode(contact)).statusCode).toBe(200)
          for (let guess = 0; guess < 5; guess += 1) {
            const reply = await createToken(contact, '000000')
            expect([2001, 2002]).toContain(json(reply).errors.code)
          }
        }
        await skipResendWait(contact)
        expect((await sendCode(contact)).statusCode).toBe(200)
        const twentyFirst = await createToken(contact, '000000')
        expectThrottled(twentyFirst, DAY)
        capped.push(twentyFirst)
      }
      expect(shape(capped[1]!)).toEqual(shape(capped[0]!))
      // Even the right code is refused unchecked until the day is over.
      expectThrottled(
        await createToken('demo@example.com', await latestCodeTo(server.app, 'demo@example.com')),
        DAY,
      )
      // Each contact's cap is in the security log once, without the contact itself.
      const logged = await server.db.select().from(auditLog).where(eq(auditLog.action, 'reset_limit_reached'))
      const guessCaps = logged.filter(
        (event) => (event.details as { counter: string }).counter === 'reset:checks',
      )
      expect(guessCaps).toHaveLength(2)
      expect(JSON.stringify(guessCaps)).not.toContain('example.com')
    })

    it('lets parallel wrong codes past the contact cap no more often than it allows', async () => {
      const contact = 'parallel-guesses@example.com'
      for (let round = 0; round < 3; round += 1) {
        await skipResendWait(contact)
        await sendCode(contact)
        for (let guess = 0; guess < 5; guess += 1) await createToken(contact, '000000')
      }
      await skipResendWait(contact)
      await sendCode(contact)
      for (let guess = 0; guess < 3; guess += 1) await createToken(contact, '000000')
      // 18 wrong codes checked; a new code, then 50 at once: its 5 attempts are taken, 2 of them are checked.
      await skipResendWait(contact)
      await sendCode(contact)
      const replies = await Promise.all(Array.from({ length: 50 }, () => createToken(contact, '000000')))
      const refusedByCap = replies.filter((reply) => json(reply).errors?.code === 1001)
      expect(refusedByCap).toHaveLength(3)
      expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(0)
    })
  })

  describe('per client address', () => {
    const server = useTestServer(kind, { env: { RESET_CODES_PER_IP_MAX: '5' } })
    const sendFrom = (ip: string, contact: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/send_code',
        payload: { user_contact_info: contact },
        remoteAddress: ip,
      })

    it('sends at most RESET_CODES_PER_IP_MAX codes per address per day, even in parallel', async () => {
      const ip = randomIp()
      const contacts = Array.from({ length: 20 }, (_, i) => `visitor-${i}-${Date.now()}@example.com`)
      const replies = await Promise.all(contacts.map((contact) => sendFrom(ip, contact)))
      expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(5)
      for (const reply of replies.filter((reply) => reply.statusCode !== 200)) expectThrottled(reply, DAY)
      // A registered contact is refused the same way.
      expect(shape(await sendFrom(ip, 'other@example.com'))).toEqual(shape(await sendFrom(ip, contacts[0]!)))
      expect((await sendFrom(randomIp(), 'other@example.com')).statusCode).toBe(200)
    })
  })
})
