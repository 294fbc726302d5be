import { randomBytes } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, expect } from 'vitest'
import { buildApp } from '../../server/app'
import { IN_MEMORY_DATA_DIR, loadConfig, type Config } from '../../server/config'
import { createDb } from '../../server/db/create-db'
import type { Database } from '../../server/db/database'
import { backgroundSendsSettled } from '../../server/delivery/background-send'
import type { Delivery } from '../../server/delivery/message'
import { loadPlaces } from '../../server/references/places-load'
import { seedDemo } from '../../server/seed/demo'
import {
  createPostgresDatabase,
  databaseUrl,
  dropPostgresDatabase,
  embeddedTestDbOptions,
  postgresTemplateFor,
} from './server-test-databases'

/** The databases a server suite runs against: PGlite always, PostgreSQL too when DATABASE_URL is set (CI). */
export type TestDatabaseKind = 'pglite' | 'postgres'

export function testDatabases(): TestDatabaseKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

export interface TestServer {
  app: FastifyInstance
  db: Database
  config: Config
  close: () => Promise<void>
}

export interface TestServerOptions {
  /** Environment overrides, as the server would read them. */
  env?: Record<string, string>
  /** A built client to serve; by default none, so API tests do not depend on a build. */
  distDir?: string
  /** Seed the two demo companies (default true). */
  seed?: boolean
  /** A stand-in for the configured delivery (by default: the outbox, as outside production). */
  delivery?: Delivery
  /**
   * Load the reference places (countries' states and cities), as the server does at start (default false: it
   * takes seconds, and only the tests that find or store cities need it).
   */
  places?: boolean
}

/**
 * The environment of a production server in a test: production refuses to start without an e-mail and an SMS
 * transport, so both are given, pointing at a closed loopback port (nothing is ever delivered).
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SMTP_URL: 'smtp://127.0.0.1:9',
  SMS_PROVIDER_URL: 'http://127.0.0.1:9/send',
} as const

/** A JWT secret for one test server, so suites never share signing keys. */
export const testSecret = () => randomBytes(32).toString('hex')

/**
 * A fresh server on a fresh database: an in-memory PGlite, or a new database on the DATABASE_URL server that
 * is dropped again on close, each copied from the migrated template of the global setup
 * (server-test-databases.ts). Seeded with the demo data; driven with app.inject(), never listening.
 */
export async function createTestServer(
  kind: TestDatabaseKind = 'pglite',
  options: TestServerOptions = {},
): Promise<TestServer> {
  const seeded = options.seed !== false
  const database = kind === 'postgres' ? await postgresTestDatabase(seeded) : undefined
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: IN_MEMORY_DATA_DIR,
    JWT_SECRET: testSecret(),
    DATA_ENCRYPTION_KEY: testSecret(),
    PUBLIC_ORIGIN: 'http://localhost:8080',
    LOG_LEVEL: 'silent',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  })
  const handle = await createDb(config, kind === 'pglite' ? await embeddedTestDbOptions(seeded) : {})
  // A copy of the seeded template already holds the demo data: the seed then finds it and returns.
  if (seeded) await seedDemo(handle.db)
  if (options.places) await loadPlaces(handle.db)
  const app = await buildApp({
    config,
    db: handle.db,
    logger: false,
    distDir: options.distDir ?? '/nonexistent-dist-for-tests',
    ...(options.delivery ? { delivery: options.delivery } : {}),
  })
  await app.ready()
  return {
    app,
    db: handle.db,
    config,
    close: async () => {
      await app.close()
      await handle.close()
      await database?.drop()
    },
  }
}

/**
 * One test server for the enclosing describe block: started in beforeAll, closed in afterAll. The returned
 * object reads through to that server, so a suite writes `const server = useTestServer(kind)` and uses
 * server.app, server.db and server.config inside its tests and later hooks as usual.
 */
export function useTestServer(kind: TestDatabaseKind, options: TestServerOptions = {}): TestServer {
  let started: TestServer | undefined
  beforeAll(async () => {
    started = await createTestServer(kind, options)
  })
  afterAll(async () => started?.close())
  const current = () => {
    if (!started) throw new Error('The test server starts in beforeAll: use it inside a hook or a test.')
    return started
  }
  return {
    get app() {
      return current().app
    },
    get db() {
      return current().db
    },
    get config() {
      return current().config
    },
    close: () => current().close(),
  }
}

async function postgresTestDatabase(seeded: boolean): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL
  if (!adminUrl) throw new Error('DATABASE_URL is not set')
  const name = await createPostgresDatabase(adminUrl, postgresTemplateFor(seeded))
  return { url: databaseUrl(adminUrl, name), drop: () => dropPostgresDatabase(adminUrl, name) }
}

/** The demo accounts created by seedDemo. */
export const DEMO = { email: 'demo@example.com', phone: '79001234567', password: 'demo12345' } as const
export const OTHER = { email: 'other@example.com', password: 'demo12345' } as const
/** The third demo account: an administrator of Northern Barbers with a code by e-mail at every sign-in. */
export const TWOFA = { email: 'twofa@example.com', password: 'demo12345' } as const
/** The fourth: a specialist of Beauty Line — Tverskaya who may read the service menu and change nothing. */
export const SPECIALIST = { email: 'master@example.com', password: 'demo12345' } as const

/**
 * A client address of its own for a test, so that the per-address sign-in counter of one test does not throttle
 * the next (inject() otherwise sends everything from 127.0.0.1).
 */
export function randomIp(): string {
  const bytes = randomBytes(3)
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`
}

/** The parsed reply body; typed loosely on purpose, since tests assert on its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function json(response: LightMyRequestResponse): any {
  return JSON.parse(response.body)
}

/** POST /api/v1/auth with the given credentials. */
export function postSignIn(
  app: FastifyInstance,
  login: string,
  password: string,
  options: { ip?: string; prefix?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${options.prefix ?? '/api/v1'}/auth`,
    payload: { login, password },
    remoteAddress: options.ip ?? randomIp(),
  })
}

/** Signs in and returns the token pair; fails the test when sign-in does not succeed. */
export async function signIn(
  app: FastifyInstance,
  login: string = DEMO.email,
  password: string = DEMO.password,
): Promise<{ access_token: string; refresh_token: string; user: { id: number } }> {
  const response = await postSignIn(app, login, password)
  if (response.statusCode !== 201) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`)
  return json(response).data
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

interface OutboxMessage {
  recipient: string
  subject: string | null
  text: string
}

/**
 * The development outbox, newest first (at most 100 messages), once every message sent after its reply (reset
 * codes, security notices) has left.
 */
export async function outboxMessages(app: FastifyInstance): Promise<OutboxMessage[]> {
  await backgroundSendsSettled(app.delivery)
  const response = await app.inject({ method: 'GET', url: '/api/v1/dev/outbox' })
  return json(response).data as OutboxMessage[]
}

/** The newest message the development outbox holds for a recipient, or undefined. */
export async function latestMessageTo(
  app: FastifyInstance,
  recipient: string,
): Promise<OutboxMessage | undefined> {
  return (await outboxMessages(app)).find((message) => message.recipient === recipient)
}

/** The 6-digit code of the newest message to a recipient; fails the test when there is none. */
export async function latestCodeTo(app: FastifyInstance, recipient: string): Promise<string> {
  const message = await latestMessageTo(app, recipient)
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1]
  if (!code) throw new Error(`no code sent to ${recipient}`)
  return code
}

/** POST /api/v1/auth/login/1 with the given body, from an address of its own. */
export function postLogin(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/1',
    payload,
    remoteAddress: randomIp(),
    headers,
  })
}

/** POST a JSON body to an API path (v1) from an address of its own. */
export function post(
  app: FastifyInstance,
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    remoteAddress: randomIp(),
    headers,
  })
}

/** Asserts a throttled reply: 429, code 1001, and a Retry-After within the limit's window. */
export function expectThrottled(reply: LightMyRequestResponse, windowSec = 15 * 60): void {
  expect(reply.statusCode).toBe(429)
  expect(json(reply).errors).toEqual({ code: 1001, message: 'limit exceeded' })
  const retryAfter = Number(reply.headers['retry-after'])
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(windowSec)
}
