import { count } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '../../../server/db/create-db'
import { placeCities } from '../../../server/db/schema'
import { loadPlaces } from '../../../server/references/places-load'
import {
  createPostgresDatabase,
  databaseUrl,
  dropPostgresDatabase,
} from '../../support/server-test-databases'

const adminUrl = process.env.DATABASE_URL!

describe('the place data on one PostgreSQL database', () => {
  const created: string[] = []
  afterAll(async () => {
    for (const name of created) await dropPostgresDatabase(adminUrl, name)
  })

  it('is loaded once when two instances start together', async () => {
    const name = await createPostgresDatabase(adminUrl)
    created.push(name)
    const url = databaseUrl(adminUrl, name)
    const first = await createDb({ DATABASE_URL: url, DATA_DIR: '' })
    const second = await createDb({ DATABASE_URL: url, DATA_DIR: '' })
    try {
      const loads = await Promise.all([loadPlaces(first.db), loadPlaces(second.db)])
      expect(loads.map((load) => load.loaded).sort()).toEqual([false, true])
      const [cities] = await first.db.select({ value: count() }).from(placeCities)
      expect(cities!.value).toBeGreaterThan(100_000)
      const [again] = await second.db.select({ value: count() }).from(placeCities)
      expect(again!.value).toBe(cities!.value)
    } finally {
      await first.close()
      await second.close()
    }
  }, 180_000)
})
