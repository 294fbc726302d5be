import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app'
import { IN_MEMORY_DATA_DIR, loadConfig } from '../../server/config'
import { createDb, type DbHandle } from '../../server/db/create-db'
import { embeddedTestDbOptions } from '../support/server-test-databases'
import { json, testSecret } from '../support/server-harness'

const EMAIL = 'anna.secret@example.com'
const PHONE = '79161234567'

// The log shape does not depend on the database, so PGlite alone runs this suite.
describe('error logs leave out personal data', () => {
  const lines: string[] = []
  let app: FastifyInstance
  let handle: DbHandle
  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: IN_MEMORY_DATA_DIR,
      JWT_SECRET: testSecret(),
      LOG_LEVEL: 'warn',
    })
    handle = await createDb(config, await embeddedTestDbOptions())
    app = await buildApp({
      config,
      db: handle.db,
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
      distDir: '/nonexistent-dist-for-tests',
    })
    // Two failing queries that carry an e-mail and a phone as parameters, as a lookup by contact would.
    app.post('/api/v1/test/query-fails', async () => {
      await handle.db.execute(sql`select * from users where email = ${EMAIL} and no_such_column = ${PHONE}`)
    })
    app.post('/api/v1/test/value-refused', async () => {
      await handle.db.execute(sql`select ${EMAIL}::int, ${PHONE}::date`)
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await handle.close()
  })

  it("marks every log line of a request with its id: the client's X-Request-Id, echoed on the reply", async () => {
    lines.length = 0
    const sent = await app.inject({
      method: 'POST',
      url: '/api/v1/test/query-fails',
      headers: { 'x-request-id': 'lb-7f3a-0001' },
    })
    expect(sent.headers['x-request-id']).toBe('lb-7f3a-0001')
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ reqId: 'lb-7f3a-0001' })

    // An id that is not a plain token is replaced by a new one rather than written into the log.
    lines.length = 0
    const odd = await app.inject({
      method: 'POST',
      url: '/api/v1/test/query-fails',
      headers: { 'x-request-id': 'a"b\n{"level":60}' },
    })
    const generated = odd.headers['x-request-id']
    expect(generated).toMatch(/^[0-9a-f-]{36}$/)
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ reqId: generated })
  })

  it('logs an unhandled database error without its query parameters', async () => {
    lines.length = 0
    const response = await app.inject({ method: 'POST', url: '/api/v1/test/query-fails' })
    expect(response.statusCode).toBe(500)
    const logged = lines.join('\n')
    expect(logged).toContain('unhandled error')
    // What finding the bug takes stays: the SQL with its placeholders and the SQLSTATE.
    expect(logged).toContain('no_such_column')
    expect(logged).toContain('42703')
    expect(logged).not.toContain(EMAIL)
    expect(logged).not.toContain(PHONE)
  })

  it('answers a value the database refuses with 422, and logs it without the value', async () => {
    lines.length = 0
    const response = await app.inject({ method: 'POST', url: '/api/v1/test/value-refused' })
    expect(response.statusCode).toBe(422)
    expect(json(response).meta.errors._).toHaveLength(1)
    const logged = lines.join('\n')
    expect(logged).toContain('value refused by the database')
    expect(logged).toContain('22P02')
    expect(logged).not.toContain(EMAIL)
    expect(logged).not.toContain(PHONE)
  })
})
