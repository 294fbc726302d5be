import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, json, type TestServer, PRODUCTION_ENV } from '../support/server-harness'
import { startSmtpServer, type SmtpTestServer } from '../support/smtp-test-server'

/** A stand-in SMS/call provider on loopback that records each request. */
async function startPhoneProvider() {
  const requests: { authorization: string | undefined; body: unknown }[] = []
  const server = createServer((request: IncomingMessage, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      requests.push({ authorization: request.headers.authorization, body: JSON.parse(body) })
      response.writeHead(202).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/send`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

describe('delivery', () => {
  let smtp: SmtpTestServer
  let provider: Awaited<ReturnType<typeof startPhoneProvider>>
  let server: TestServer

  beforeAll(async () => {
    smtp = await startSmtpServer()
    provider = await startPhoneProvider()
    server = await createTestServer('pglite', {
      seed: false,
      env: { SMTP_URL: smtp.url, SMS_PROVIDER_URL: provider.url, SMS_PROVIDER_TOKEN: 'provider-token' },
    })
  })
  afterAll(async () => {
    await server.close()
    await smtp.close()
    await provider.close()
  })

  it('sends e-mail over SMTP and keeps a copy in the outbox', async () => {
    await server.app.delivery.send(
      { channel: 'email', recipient: 'anna@example.com', subject: 'Your code', text: 'Your code is 123456' },
      server.app.log,
    )
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]?.to).toEqual(['anna@example.com'])
    expect(smtp.received[0]?.body).toContain('Your code is 123456')

    const outbox = json(await server.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' }))
    expect(outbox.data[0]).toMatchObject({
      channel: 'email',
      recipient: 'anna@example.com',
      text: 'Your code is 123456',
    })
    expect(Object.keys(outbox.data[0]).sort()).toEqual([
      'channel',
      'created_at',
      'id',
      'recipient',
      'subject',
      'text',
    ])
  })

  it('sends SMS and calls through the provider adapter, newest first in the outbox', async () => {
    const log = server.app.log
    await server.app.delivery.send({ channel: 'sms', recipient: '79001234567', text: 'Code 111111' }, log)
    await server.app.delivery.send({ channel: 'call', recipient: '79001234567', text: 'Code 222222' }, log)
    expect(provider.requests.map((request) => request.body)).toEqual([
      { channel: 'sms', to: '+79001234567', text: 'Code 111111' },
      { channel: 'call', to: '+79001234567', text: 'Code 222222' },
    ])
    expect(provider.requests[0]?.authorization).toBe('Bearer provider-token')
    const outbox = json(await server.app.inject({ method: 'GET', url: '/api/v2/dev/outbox' }))
    expect(outbox.data.slice(0, 2).map((message: { text: string }) => message.text)).toEqual([
      'Code 222222',
      'Code 111111',
    ])
  })
})

describe('the outbox in production', () => {
  it('does not exist', async () => {
    const server = await createTestServer('pglite', {
      seed: false,
      env: {
        ...PRODUCTION_ENV,
      },
    })
    try {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' })
      expect(response.statusCode).toBe(404)
    } finally {
      await server.close()
    }
  })
})
