import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database'
import { preparedStatement } from '../../server/db/prepared-statement'
import { useTestServer } from '../support/server-harness'

type Row = Record<string, unknown>
const rowsOf = async (db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows

/** A prepared statement over a table of its own, with parameters of several types. */
const notesAfter = preparedStatement((db) =>
  db
    .select({
      id: sql<number>`id`,
      body: sql<string | null>`body`,
      tags: sql<unknown>`tags`,
      at: sql<string>`at`,
      matches: sql<boolean>`coalesce(body = ${sql.placeholder('body')}, false)`,
    })
    .from(sql`named_statement_notes`)
    .where(sql`id > ${sql.placeholder('after')}`)
    .orderBy(sql`id`)
    .prepare('named_statement_notes_after'),
)

// PGlite's own query() parses and plans every statement anew; the client the server hands drizzle runs a prepared
// statement under a name instead (server/db/pglite-client.ts, pglite-named-statements.ts). It must answer exactly
// as the unnamed statement would, keep PGlite's locks, and survive a failed call.
describe('prepared statements on PGlite run under a name', () => {
  const server = useTestServer('pglite', { seed: false })

  const createNotes = async () => {
    await server.db.execute(sql`drop table if exists named_statement_notes`)
    await server.db.execute(sql`create table named_statement_notes (
      id integer primary key, body text, tags jsonb, at timestamp not null default '2026-01-02 03:04:05')`)
    await server.db.execute(sql`insert into named_statement_notes (id, body, tags) values
      (1, 'first', '["a"]'), (2, null, '{"b": 2}'), (3, 'third', null)`)
  }

  it('answers as the unnamed statement does, and is parsed once under its name', async () => {
    await createNotes()
    const unnamed = await rowsOf(
      server.db,
      sql`select id, body, tags, at, coalesce(body = ${'third'}, false) as matches
          from named_statement_notes where id > ${1} order by id`,
    )
    const named = await notesAfter(server.db).execute({ after: 1, body: 'third' })
    expect(named).toEqual([
      { id: 2, body: null, tags: { b: 2 }, at: '2026-01-02 03:04:05', matches: false },
      { id: 3, body: 'third', tags: null, at: '2026-01-02 03:04:05', matches: true },
    ])
    expect(named).toEqual(unnamed)
    // A null parameter, and a second call of the same statement.
    expect(await notesAfter(server.db).execute({ after: 0, body: null })).toHaveLength(3)

    const prepared = await rowsOf(
      server.db,
      sql`select name, statement from pg_prepared_statements where statement like '%named_statement_notes%'`,
    )
    expect(prepared).toHaveLength(1)
    expect(prepared[0]!.statement).toBe(notesAfter(server.db).getQuery().sql)
  })

  it('fails a call with the database’s error and answers the next one', async () => {
    await createNotes()
    await expect(notesAfter(server.db).execute({ after: 'not a number', body: 'x' })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '22P02' }),
    })
    expect(await notesAfter(server.db).execute({ after: 2, body: 'third' })).toEqual([
      { id: 3, body: 'third', tags: null, at: '2026-01-02 03:04:05', matches: true },
    ])
    expect(await rowsOf(server.db, sql`select count(*)::int as notes from named_statement_notes`)).toEqual([
      { notes: 3 },
    ])
  })

  it('waits for a transaction in progress instead of running inside it', async () => {
    await createNotes()
    let read: Promise<unknown[]> | undefined
    await expect(
      server.db.transaction(async (tx) => {
        await tx.execute(sql`insert into named_statement_notes (id, body) values (4, 'fourth')`)
        // PGlite has one connection: a read that skipped the transaction's lock would see this row.
        read = notesAfter(server.db).execute({ after: 3, body: null })
        await new Promise((resolve) => setTimeout(resolve, 50))
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await read).toEqual([])
  })
})
