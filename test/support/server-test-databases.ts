import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import {
  createDb,
  migrationsFolder,
  PGLITE_EXTENSIONS,
  type CreateDbOptions,
} from '../../server/db/create-db'
import type { Database } from '../../server/db/database'
import * as schema from '../../server/db/schema'
import { seedDemo } from '../../server/seed/demo'

/** A migrated database to start from: empty, or with the demo companies already seeded. */
interface Templates {
  empty: string
  seeded: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files holding migrated embedded databases (PGlite dumps), for every server test to start from. */
    pgliteTemplates: Templates
    /** Names of migrated PostgreSQL template databases on DATABASE_URL's server; null without DATABASE_URL. */
    postgresTemplates: Templates | null
  }
}

/**
 * Global setup of the server project. A test server needs a migrated database, most of them seeded with the
 * demo companies: migrating costs seconds and seeding one more (it hashes a password), and a run starts over a
 * hundred servers. So both are made once here, as PGlite dumps and, with DATABASE_URL, as PostgreSQL template
 * databases; each test server copies one (and still runs the migrator and the idempotent seed, which then find
 * nothing to do).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'server-test-databases-'))
  project.provide('pgliteTemplates', {
    empty: await pgliteDump(folder, 'empty', false),
    seeded: await pgliteDump(folder, 'seeded', true),
  })
  const adminUrl = process.env.DATABASE_URL
  const postgres = adminUrl
    ? { empty: await postgresTemplate(adminUrl, false), seeded: await postgresTemplate(adminUrl, true) }
    : null
  project.provide('postgresTemplates', postgres)
  return async () => {
    await rm(folder, { recursive: true, force: true })
    if (adminUrl && postgres) {
      for (const name of [postgres.empty, postgres.seeded]) await dropPostgresDatabase(adminUrl, name)
    }
  }
}

async function pgliteDump(folder: string, name: string, seeded: boolean): Promise<string> {
  const client = new PGlite('memory://', { extensions: PGLITE_EXTENSIONS })
  const db = drizzle({ client, schema })
  await migrate(db, { migrationsFolder })
  if (seeded) await seedDemo(db as unknown as Database)
  const dump = await client.dumpDataDir('none')
  await client.close()
  const file = join(folder, `${name}.tar`)
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  return file
}

async function postgresTemplate(adminUrl: string, seeded: boolean): Promise<string> {
  const name = await createPostgresDatabase(adminUrl)
  const handle = await createDb({ DATABASE_URL: databaseUrl(adminUrl, name), DATA_DIR: '' })
  if (seeded) await seedDemo(handle.db)
  await handle.close()
  return name
}

/** The URL of another database on the same server as adminUrl. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Creates a database with a fresh name on adminUrl's server, as a copy of a template when one is given. */
export async function createPostgresDatabase(adminUrl: string, template?: string): Promise<string> {
  const name = `test_${randomBytes(6).toString('hex')}`
  await withAdmin(adminUrl, (admin) =>
    admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
  )
  return name
}

export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
}

async function withAdmin(adminUrl: string, work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await work(admin)
  } finally {
    await admin.end()
  }
}

const loaded = new Map<string, Promise<Blob>>()

/**
 * createDb's options for an embedded test database: start from the migrated dump, seeded or not (each read once
 * per test file), or from nothing outside vitest (the benchmarks have no global setup).
 */
export async function embeddedTestDbOptions(seeded = false): Promise<CreateDbOptions> {
  const file = process.env.VITEST ? inject('pgliteTemplates')[seeded ? 'seeded' : 'empty'] : undefined
  if (!file) return {}
  if (!loaded.has(file))
    loaded.set(
      file,
      readFile(file).then((bytes) => new Blob([bytes])),
    )
  return { snapshot: await loaded.get(file)! }
}

/** The PostgreSQL template to copy for a test database, when the global setup made one. */
export function postgresTemplateFor(seeded: boolean): string | undefined {
  if (!process.env.VITEST) return undefined
  return inject('postgresTemplates')?.[seeded ? 'seeded' : 'empty']
}
