import { readdirSync } from 'node:fs'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb, migrationsFolder } from '../../../server/db/create-db'
import {
  createPostgresDatabase,
  databaseUrl,
  dropPostgresDatabase,
} from '../../support/server-test-databases'

const adminUrl = process.env.DATABASE_URL!

describe('migrations on one PostgreSQL database', () => {
  const created: string[] = []
  afterAll(async () => {
    for (const name of created) await dropPostgresDatabase(adminUrl, name)
  })

  it('succeed once when four instances start together on an empty database', async () => {
    const name = await createPostgresDatabase(adminUrl)
    created.push(name)
    const url = databaseUrl(adminUrl, name)

    const starts = await Promise.allSettled(
      Array.from({ length: 4 }, () => createDb({ DATABASE_URL: url, DATA_DIR: '' })),
    )
    for (const start of starts) if (start.status === 'fulfilled') await start.value.close()

    expect(starts.map((start) => start.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled'])
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const applied = await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations')
      const migrations = readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql'))
      expect(applied.rows).toHaveLength(migrations.length)
      expect(new Set(applied.rows.map((row) => row.hash)).size).toBe(migrations.length)
    } finally {
      await client.end()
    }
  }, 120_000)
})
