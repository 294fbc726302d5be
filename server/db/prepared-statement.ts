import type { SQL } from 'drizzle-orm'
import type { PgDialect, PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core'
import type { Database } from './database'
import { namingClientOf } from './pglite-client'

/**
 * A query built once per database handle and prepared under a name (drizzle's `.prepare(name)`), for the
 * statements every request runs. Drizzle then skips building the SQL text on each call, and node-postgres
 * parses and plans the statement once per pooled connection instead of on every call (PostgreSQL reuses the
 * plan). On PGlite the statement runs under its name too (pglite-named-statements.ts).
 *
 * The name must be unique in the process and the query must take its values through `sql.placeholder`.
 */
export function preparedStatement<T extends { getQuery: () => { sql: string } }>(
  build: (db: Database) => T,
): (db: Database) => T {
  const byDatabase = new WeakMap<Database, T>()
  return (db) => {
    let prepared = byDatabase.get(db)
    if (prepared === undefined) {
      prepared = build(db)
      namingClientOf(db)?.nameStatement(prepared.getQuery().sql)
      byDatabase.set(db, prepared)
    }
    return prepared
  }
}

/** What a prepared raw statement answers on both drivers: node-postgres's and PGlite's results carry `rows`. */
export type RawRows<Row> = PgPreparedQuery<PreparedQueryConfig & { execute: { rows: Row[] } }>

/**
 * A raw statement (drizzle's `sql`, as `db.execute` takes it) prepared like preparedStatement: its text is built
 * once per database handle, and it runs under `name` with the values of its `sql.placeholder`s.
 */
export function preparedSql<Row>(name: string, statement: () => SQL): (db: Database) => RawRows<Row> {
  return preparedStatement((db) => {
    // The handle's dialect is internal to drizzle, but it is what `db.execute` builds the text with.
    const { dialect } = db as unknown as { dialect: PgDialect }
    return db._.session.prepareQuery(dialect.sqlToQuery(statement()), undefined, name, false) as RawRows<Row>
  })
}
