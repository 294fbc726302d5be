import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { bearer, json, postSignIn, DEMO, signIn, useTestServer } from '../../support/server-harness'

const adminUrl = process.env.DATABASE_URL!

/** Runs statements as the superuser on the server's maintenance database. */
async function asAdmin(...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    for (const statement of statements) await admin.query(statement)
  } finally {
    await admin.end()
  }
}

/** Cuts every connection to the database and refuses new ones, as if its server had gone away. */
const takeAway = (name: string) =>
  asAdmin(
    `ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`,
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`,
  )
const bringBack = (name: string) => asAdmin(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`)

describe('while PostgreSQL is away', () => {
  const server = useTestServer('postgres')

  it('answers 503 with Retry-After, turns unready, and serves again without a restart once it is back', async () => {
    const name = new URL(server.config.DATABASE_URL!).pathname.slice(1)
    const { access_token: token } = await signIn(server.app)
    const companies = () =>
      server.app.inject({ method: 'GET', url: '/api/v1/companies', headers: bearer(token) })
    const ready = () => server.app.inject({ method: 'GET', url: '/api/v1/health/ready' })
    expect((await companies()).statusCode).toBe(200)
    expect((await ready()).statusCode).toBe(200)

    await takeAway(name)
    try {
      for (const response of [await companies(), await postSignIn(server.app, DEMO.email, DEMO.password)]) {
        expect(response.statusCode).toBe(503)
        expect(response.headers['retry-after']).toBe('5')
        expect(json(response).meta.message).toBe(
          'The service is briefly unavailable. Please try again in a moment.',
        )
      }
      expect((await ready()).statusCode).toBe(503)
    } finally {
      await bringBack(name)
    }

    expect((await ready()).statusCode).toBe(200)
    expect(json(await companies()).data.length).toBeGreaterThan(0)
    expect((await postSignIn(server.app, DEMO.email, DEMO.password)).statusCode).toBe(201)
  }, 60_000)
})
