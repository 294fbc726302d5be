import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { IN_MEMORY_DATA_DIR, type Config } from '../config'
import { DATABASE_CONNECT_TIMEOUT_MS } from '../constants'
import { MIGRATIONS_DIR } from '../runtime-files'
import { ADVISORY_LOCK_KEYS } from './advisory-locks'
import type { Database } from './database'
import { pgliteForDrizzle } from './pglite-client'
import * as schema from './schema'

/**
 * The extensions the embedded database loads: btree_gist lets an exclusion constraint mix equality on an id with
 * overlap of a time range (no double booking of a staff member or a resource instance, migration 0019).
 * PostgreSQL ships it as a contrib module; the migration creates it there.
 */
export const PGLITE_EXTENSIONS = { btree_gist }

/** Where the migrations are read from (server/db/migrations, or its copy beside the compiled server). */
export const migrationsFolder = MIGRATIONS_DIR

export interface DbHandle {
  db: Database
  /** Closes the pool or the embedded database; call once, after the HTTP server has stopped. */
  close: () => Promise<void>
}

/**
 * Opens the database and brings its schema up to date before anything uses it.
 *
 * With DATABASE_URL it connects to that PostgreSQL server; without, it runs the embedded PGlite with its data
 * in DATA_DIR/pglite (or in memory when DATA_DIR is `memory://`), so a developer needs no database server.
 */
export interface CreateDbOptions {
  /**
   * A dump of an embedded database (PGlite's dumpDataDir) to start the in-memory database from, instead of
   * creating an empty cluster: the tests start each server from one migrated snapshot. Ignored otherwise.
   */
  snapshot?: Blob
}

export async function createDb(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> &
    Partial<Pick<Config, 'DATABASE_POOL_SIZE' | 'DATABASE_STATEMENT_TIMEOUT_MS'>>,
  options: CreateDbOptions = {},
): Promise<DbHandle> {
  if (config.DATABASE_URL !== undefined) {
    const statementTimeoutMs = config.DATABASE_STATEMENT_TIMEOUT_MS ?? 0
    const pool = new pg.Pool({
      connectionString: config.DATABASE_URL,
      max: config.DATABASE_POOL_SIZE ?? 10,
      // While PostgreSQL is away a request fails within these bounds (answered 503), instead of waiting forever
      // for a connection or a reply.
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      ...(statementTimeoutMs > 0
        ? {
            statement_timeout: statementTimeoutMs,
            query_timeout: statementTimeoutMs + DATABASE_CONNECT_TIMEOUT_MS,
          }
        : {}),
    })
    // An idle connection dropped by the server (restart, failover) must not crash the process: the pool simply
    // opens a new one for the next query.
    pool.on('error', (error) => console.error('PostgreSQL connection error:', error.message))
    try {
      await migrateUnderLock(pool)
    } catch (error) {
      await pool.end()
      throw error
    }
    return { db: drizzleNodePg({ client: pool, schema }), close: () => pool.end() }
  }

  let client: PGlite
  if (config.DATA_DIR === IN_MEMORY_DATA_DIR) {
    client = new PGlite(IN_MEMORY_DATA_DIR, {
      extensions: PGLITE_EXTENSIONS,
      ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
    })
  } else {
    const dataDir = join(config.DATA_DIR, 'pglite')
    mkdirSync(dataDir, { recursive: true })
    client = new PGlite(dataDir, { extensions: PGLITE_EXTENSIONS })
  }
  let db
  try {
    db = drizzlePglite({ client: await pgliteForDrizzle(client), schema })
    await migratePglite(db, { migrationsFolder })
  } catch (error) {
    await client.close()
    throw error
  }
  return { db, close: () => client.close() }
}

/**
 * Brings the schema up to date while holding a PostgreSQL advisory lock on one connection, so that instances
 * starting together on one database migrate one after another: the first applies what is missing, the others
 * then find nothing to do. Without it two of them could create the same table at once and one would fail.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCK_KEYS.migrations])
    try {
      await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [ADVISORY_LOCK_KEYS.migrations])
    }
  } finally {
    client.release()
  }
}
