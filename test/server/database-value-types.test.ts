import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { testDatabases, useTestServer } from '../support/server-harness'

// Drizzle reads dates, times and intervals as the database's text and converts them itself; on PGlite the
// server hands drizzle a client whose own parsers do that (server/db/pglite-client.ts). Both databases must
// give drizzle the same values.
describe.each(testDatabases())('values drizzle reads (%s)', (kind) => {
  const server = useTestServer(kind, { seed: false })

  it('reads dates, timestamps, intervals and their arrays as text, and other types parsed', async () => {
    // Both drivers answer execute() with the rows in `rows`.
    const result = (await server.db.execute(sql`
      select '2026-01-02'::date as day,
             '2026-01-02 03:04:05'::timestamp as at,
             '1 hour'::interval as span,
             array['2026-01-02'::date, '2026-01-03'::date] as days,
             array['2026-01-02 03:04:05'::timestamp] as ats,
             42::integer as number,
             array[1, 2]::integer[] as numbers,
             true as flag`)) as unknown as { rows: unknown[] }
    expect(result.rows[0]).toEqual({
      day: '2026-01-02',
      at: '2026-01-02 03:04:05',
      span: '01:00:00',
      days: '{2026-01-02,2026-01-03}',
      ats: '{"2026-01-02 03:04:05"}',
      number: 42,
      numbers: [1, 2],
      flag: true,
    })
  })
})
