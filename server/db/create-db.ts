import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { IN_MEMORY_DATA_DIR, type Config } from '../config'
import type { Database } from './database'
import * as schema from './schema'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

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
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  options: CreateDbOptions = {},
): Promise<DbHandle> {
  if (config.DATABASE_URL !== undefined) {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 10 })
    // An idle connection dropped by the server (restart, failover) must not crash the process: the pool simply
    // opens a new one for the next query.
    pool.on('error', (error) => console.error('PostgreSQL connection error:', error.message))
    const db = drizzleNodePg({ client: pool, schema })
    try {
      await migrateNodePg(db, { migrationsFolder })
    } catch (error) {
      await pool.end()
      throw error
    }
    return { db, close: () => pool.end() }
  }

  let client: PGlite
  if (config.DATA_DIR === IN_MEMORY_DATA_DIR) {
    client = new PGlite(IN_MEMORY_DATA_DIR, options.snapshot ? { loadDataDir: options.snapshot } : {})
  } else {
    const dataDir = join(config.DATA_DIR, 'pglite')
    mkdirSync(dataDir, { recursive: true })
    client = new PGlite(dataDir)
  }
  const db = drizzlePglite({ client, schema })
  try {
    await migratePglite(db, { migrationsFolder })
  } catch (error) {
    await client.close()
    throw error
  }
  return { db, close: () => client.close() }
}
