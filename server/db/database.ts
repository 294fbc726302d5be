import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

/**
 * The database handle domain code takes. It is the driver-neutral base of both the PGlite and the
 * node-postgres databases, so every domain function runs unchanged on either.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
