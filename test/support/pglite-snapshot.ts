import { readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import { migrationsFolder, type CreateDbOptions } from '../../server/db/create-db'
import * as schema from '../../server/db/schema'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file holding one migrated, empty embedded database, for every server test to start from. */
    pgliteSnapshotFile: string
  }
}

/**
 * Global setup of the server project: creating an embedded database cluster costs seconds of processor, and a
 * run starts over a hundred. It is created and migrated once here; each test server loads a copy of it (and
 * still runs the migrator, which then finds nothing to do).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const client = new PGlite('memory://')
  await migrate(drizzle({ client, schema }), { migrationsFolder })
  const dump = await client.dumpDataDir('none')
  await client.close()
  const file = join(tmpdir(), `pglite-snapshot-${process.pid}.tar`)
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteSnapshotFile', file)
  return () => rm(file, { force: true })
}

let loaded: Promise<CreateDbOptions> | undefined

/**
 * createDb's options for an embedded test database: start from the migrated snapshot (read once per test file),
 * or from nothing outside vitest or without the global setup.
 */
export function embeddedTestDbOptions(): Promise<CreateDbOptions> {
  loaded ??= (async () => {
    // Outside vitest (the benchmarks) there is no global setup and nothing to inject.
    const file = process.env.VITEST ? inject('pgliteSnapshotFile') : undefined
    return file ? { snapshot: new Blob([await readFile(file)]) } : {}
  })()
  return loaded
}
