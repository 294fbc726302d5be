// 2. What an authenticated read costs over the database work it needs: a primary-key select through the raw
//    driver (PGlite's query(), or node-postgres' pool.query()) against GET /api/v1/company/:id/ with a Bearer
//    token, which verifies the JWT, checks the session in the database and reads the company with its membership.
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import { bearer, json, signIn } from '../support/server-harness'
import type { BenchServer } from './bench-server'
import { compare, type Comparison } from './compare'
import { runOps, type LoadGenerator } from './load'
import { FULL, type Settings } from './settings'

const SELECT_COMPANY =
  'select id, title, type, main_group_id, country_id, timezone, currency_short_title from companies where id = $1'

/** The driver underneath Drizzle: the PGlite instance, or the node-postgres pool the app queries through. */
function rawQuery(server: BenchServer): (id: number) => Promise<number> {
  const client = (server.db as unknown as { $client: PGlite | pg.Pool }).$client
  if (server.kind === 'pglite') {
    const pglite = client as PGlite
    return async (id) => (await pglite.query(SELECT_COMPANY, [id])).rows.length
  }
  const pool = client as pg.Pool
  return async (id) => (await pool.query(SELECT_COMPANY, [id])).rows.length
}

export async function benchDbRead(
  load: LoadGenerator,
  server: BenchServer,
  settings: Settings,
  log: (line: string) => void,
): Promise<Comparison> {
  const { access_token } = await signIn(server.app)
  const companies = await server.app.inject({ url: '/api/v1/companies', headers: bearer(access_token) })
  const companyId: unknown = json(companies).data?.[0]?.id
  if (typeof companyId !== 'number') throw new Error(`no company for the demo user: ${companies.body}`)

  const query = rawQuery(server)
  const select = async () => {
    if ((await query(companyId)) !== 1) throw new Error('the company row was not found')
  }
  const database = server.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'
  // Comparison 2 runs at the usual 16 in flight; read-scaling.ts runs it at other concurrencies too.
  const title =
    settings.httpConcurrency === FULL.httpConcurrency
      ? `Authenticated read (${database})`
      : `Authenticated read, ${settings.httpConcurrency} in flight (${database})`
  return compare(
    title,
    {
      label: server.kind === 'pglite' ? 'PGlite query() by primary key' : 'pg pool.query() by primary key',
      unit: 'ops/s',
      round: () =>
        runOps(select, {
          count: settings.dbRawCount,
          concurrency: settings.httpConcurrency,
          maxMs: settings.maxRoundMs,
        }),
    },
    {
      label: 'GET /api/v1/company/:id/ (Bearer)',
      unit: 'req/s',
      round: () =>
        load.run({
          url: `${server.origin}/api/v1/company/${companyId}/`,
          method: 'GET',
          headers: bearer(access_token),
          count: settings.dbHttpCount,
          concurrency: settings.httpConcurrency,
          maxMs: settings.maxRoundMs,
          expectStatus: 200,
        }),
    },
    settings.rounds,
    log,
  )
}
