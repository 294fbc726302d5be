import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { IN_MEMORY_DATA_DIR, loadConfig } from '../../server/config'
import { createDb, type DbHandle } from '../../server/db/create-db'
import { backgroundSendsSettled } from '../../server/delivery/background-send'
import { seedDemo } from '../../server/seed/demo'
import { embeddedTestDbOptions } from '../support/server-test-databases'
import { DEMO, PRODUCTION_ENV, testSecret } from '../support/server-harness'

interface LogLine {
  reqId?: string
  msg?: string
}

/** A server whose JSON log lines (level info and above) are kept in `lines`. */
async function serverWithLog(env: Record<string, string>) {
  const lines: LogLine[] = []
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: IN_MEMORY_DATA_DIR,
    JWT_SECRET: testSecret(),
    DATA_ENCRYPTION_KEY: testSecret(),
    ...env,
  })
  const handle: DbHandle = await createDb(config, await embeddedTestDbOptions(true))
  await seedDemo(handle.db)
  const app: FastifyInstance = await buildApp({
    config,
    db: handle.db,
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    distDir: '/nonexistent-dist-for-tests',
  })
  await app.ready()
  return { app, lines, close: async () => (await app.close(), await handle.close()) }
}

/** Sends a request named `id` and answers every log line it left, once its background sends have ended. */
async function linesOfRequest(
  server: Awaited<ReturnType<typeof serverWithLog>>,
  id: string,
  request: { url: string; payload: Record<string, unknown> },
): Promise<LogLine[]> {
  server.lines.length = 0
  const response = await server.app.inject({ method: 'POST', ...request, headers: { 'x-request-id': id } })
  expect(response.headers['x-request-id']).toBe(id)
  await backgroundSendsSettled(server.app.delivery)
  return [...server.lines]
}

// The log shape does not depend on the database, so PGlite alone runs this suite.
describe("every log line of a request carries the client's X-Request-Id", () => {
  describe('outside production: messages go to the outbox', () => {
    let server: Awaited<ReturnType<typeof serverWithLog>>
    beforeAll(async () => {
      server = await serverWithLog({})
    })
    afterAll(() => server.close())

    it('a registration code sent while the request runs', async () => {
      const lines = await linesOfRequest(server, 'lb-onboarding-1', {
        url: '/api/v1/onboarding/first',
        payload: { version: 3, ab_group_percentage: 10, phone: '+7 916 555-01-23' },
      })
      expect(lines.map((line) => line.msg)).toEqual([expect.stringContaining('outbox')])
      for (const line of lines) expect(line).toMatchObject({ reqId: 'lb-onboarding-1' })
    })

    it('a reset code sent after the reply', async () => {
      const lines = await linesOfRequest(server, 'lb-reset-1', {
        url: '/api/v1/auth/send_code',
        payload: { user_contact_info: DEMO.email },
      })
      expect(lines.map((line) => line.msg)).toEqual([expect.stringContaining('outbox')])
      for (const line of lines) expect(line).toMatchObject({ reqId: 'lb-reset-1' })
    })
  })

  describe('in production: a transport that fails', () => {
    let server: Awaited<ReturnType<typeof serverWithLog>>
    beforeAll(async () => {
      // The SMTP server of PRODUCTION_ENV is a closed port: every e-mail fails.
      server = await serverWithLog({ ...PRODUCTION_ENV })
    })
    afterAll(() => server.close())

    it('the failed send and the note that the background message was lost', async () => {
      const lines = await linesOfRequest(server, 'lb-reset-2', {
        url: '/api/v1/auth/send_code',
        payload: { user_contact_info: DEMO.email },
      })
      expect(lines.map((line) => line.msg)).toEqual([
        'delivery failed',
        'a message sent in the background was not delivered',
      ])
      for (const line of lines) expect(line).toMatchObject({ reqId: 'lb-reset-2' })
    })
  })
})
