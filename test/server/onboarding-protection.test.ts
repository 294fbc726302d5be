import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRecaptchaVerifier } from '../../server/recaptcha/recaptcha-verifier'
import { createTestServer, json, testDatabases, type TestServer } from '../support/server-harness'
import { startSmtpServer } from '../support/smtp-test-server'
import { newEmail, newPhone, Visitor } from './onboarding-driver'

describe.each(testDatabases())('onboarding protection (%s)', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(kind, { seed: false, env: { ONBOARDING_RECAPTCHA_AFTER: '2' } })
  })
  afterAll(() => server.close())

  it('asks for reCAPTCHA after repeated first steps from one address and checks the token', async () => {
    const visitor = new Visitor(server.app)
    expect(json(await visitor.first({ phone: newPhone().typed })).data.need_recaptcha).toBe(false)
    expect(json(await visitor.first({ phone: newPhone().typed })).data.need_recaptcha).toBe(true)
    const refused = await visitor.first({ phone: newPhone().typed })
    expect(refused.statusCode).toBe(422)
    expect(json(refused).meta.errors).toHaveProperty('google_recaptcha_v2_token')
    const wrong = await visitor.first({ phone: newPhone().typed, google_recaptcha_v2_token: 'forged' })
    expect(wrong.statusCode).toBe(422)
    const passed = await visitor.first({
      phone: newPhone().typed,
      google_recaptcha_v2_token: 'dev-recaptcha-ok',
    })
    expect(passed.statusCode).toBe(200)
    expect(json(passed).data.need_recaptcha).toBe(true)
  })

  it('asks for reCAPTCHA after repeated first steps for one phone from different addresses', async () => {
    const phone = newPhone()
    await new Visitor(server.app).first({ phone: phone.typed })
    await new Visitor(server.app).first({ phone: phone.typed })
    expect((await new Visitor(server.app).first({ phone: phone.typed })).statusCode).toBe(422)
  })
})

describe('reCAPTCHA and e-mail delivery against real services on loopback', () => {
  it("verifies tokens with Google's siteverify protocol when a secret is configured", async () => {
    const seen: string[] = []
    const google = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        seen.push(body)
        const params = new URLSearchParams(body)
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(
          JSON.stringify({
            success: params.get('response') === 'human' && params.get('secret') === 's3cret',
          }),
        )
      })
    })
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(google.address() as AddressInfo).port}/siteverify`
    try {
      const verifier = createRecaptchaVerifier({
        NODE_ENV: 'production',
        RECAPTCHA_SECRET: 's3cret',
        RECAPTCHA_VERIFY_URL: url,
      })
      expect(await verifier.verify('human', '10.0.0.1')).toBe(true)
      expect(await verifier.verify('robot', '10.0.0.1')).toBe(false)
      expect(await verifier.verify('dev-recaptcha-ok', '10.0.0.1')).toBe(false)
      expect(seen[0]).toContain('remoteip=10.0.0.1')
      const unconfigured = createRecaptchaVerifier({
        NODE_ENV: 'production',
        RECAPTCHA_SECRET: undefined,
        RECAPTCHA_VERIFY_URL: url,
      })
      expect(await unconfigured.verify('dev-recaptcha-ok', '10.0.0.1')).toBe(false)
    } finally {
      await new Promise<void>((resolve) => google.close(() => resolve()))
    }
  })

  // Starts a database and a server of its own inside the test: on a machine busy with the journeys beside it,
  // that alone can take longer than the suites' 30 seconds.
  it('sends the e-mail code through a real SMTP server', async () => {
    const smtp = await startSmtpServer()
    const server = await createTestServer('pglite', {
      seed: false,
      env: { SMTP_URL: smtp.url },
    })
    try {
      const email = newEmail()
      const visitor = new Visitor(server.app)
      const first = await visitor.first({ email })
      expect(json(first).data).toMatchObject({
        status: 'user_not_approved_by_email',
        confirmation_code_send_channel: 'email',
      })
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]!.to).toEqual([email])
      const code = /code is (\d{6})/.exec(smtp.received[0]!.body)?.[1]
      expect(code).toMatch(/^\d{6}$/)
      const confirmed = await visitor.confirm(json(first).data.onboarding_progress.id, code!)
      expect(json(confirmed).data.status).toBe('user_new')
    } finally {
      await server.close()
      await smtp.close()
    }
  }, 120_000)
})
