import { describe, expect, it } from 'vitest'
import type { OutgoingMessage } from '../../server/delivery/message'
import { createTestServer, DEMO, json, post, PRODUCTION_ENV } from '../support/server-harness'

// Delivery stand-ins and a production server: nothing here depends on the database kind, so PGlite only.
describe('password reset codes and their delivery', () => {
  it('answers send_code the same for a registered and an unknown contact when no message can be sent', async () => {
    // Production, with transports configured that do not work (nothing listens on these ports).
    const server = await createTestServer('pglite', {
      env: {
        ...PRODUCTION_ENV,
      },
    })
    try {
      const known = await post(server.app, '/auth/send_code', { user_contact_info: DEMO.email })
      const unknown = await post(server.app, '/auth/send_code', { user_contact_info: 'ghost@example.com' })
      expect(known.statusCode).toBe(200)
      expect(unknown.statusCode).toBe(200)
      expect(json(known)).toEqual(json(unknown))
      const knownPhone = await post(server.app, '/auth/send_code', { user_contact_info: `+${DEMO.phone}` })
      const unknownPhone = await post(server.app, '/auth/send_code', {
        user_contact_info: '+7 900 000-00-01',
      })
      expect(knownPhone.statusCode).toBe(200)
      expect(json(knownPhone)).toEqual(json(unknownPhone))
    } finally {
      await server.close()
    }
  })

  it('answers send_code before the code is delivered, so the reply time does not tell a registered contact', async () => {
    const sent: OutgoingMessage[] = []
    let deliver = () => {}
    const delivered = new Promise<void>((resolve) => (deliver = resolve))
    let handOver = () => {}
    const handedOver = new Promise<void>((resolve) => (handOver = resolve))
    const server = await createTestServer('pglite', {
      delivery: {
        send: async (message) => {
          sent.push(message)
          handOver()
          await delivered
        },
      },
    })
    try {
      const timeout = new Promise<'no reply'>((resolve) => setTimeout(() => resolve('no reply'), 3000))
      const known = await Promise.race([
        post(server.app, '/auth/send_code', { user_contact_info: DEMO.email }),
        timeout,
      ])
      expect(known).not.toBe('no reply')
      expect(known === 'no reply' ? null : known.statusCode).toBe(200)
      // The message is handed over after the reply, and is still on its way.
      await handedOver
      expect(sent.map((message) => message.recipient)).toEqual([DEMO.email])
      const unknown = await post(server.app, '/auth/send_code', { user_contact_info: 'ghost@example.com' })
      expect(known === 'no reply' ? null : json(known)).toEqual(json(unknown))
      expect(sent).toHaveLength(1)
    } finally {
      deliver()
      await server.close()
    }
  })
})
