import type { Database } from './database'
import { namingClientOf } from './pglite-client'

/**
 * A query built once per database handle and prepared under a name (drizzle's `.prepare(name)`), for the
 * statements every request runs. Drizzle then skips building the SQL text on each call, and node-postgres
 * parses and plans the statement once per pooled connection instead of on every call (PostgreSQL reuses the
 * plan). On PGlite only the first saving applies: its driver sends every statement unnamed.
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
