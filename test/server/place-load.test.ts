import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { companies, placeCities, placeCitySearchKeys, placeDataLoads } from '../../server/db/schema'
import {
  LEGACY_CITY_IDS_FILE,
  loadPlaces,
  PLACES_FILE,
  type PlacesFile,
} from '../../server/references/places-load'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'
import { demoCompanyRows } from './business-api-helpers'

const MOSCOW = 524901

/** The id the server gave Moscow under country-state-city, read back from the map the loader applies. */
async function legacyIdOf(newId: number): Promise<number> {
  const { pairs } = JSON.parse(gunzipSync(await readFile(LEGACY_CITY_IDS_FILE)).toString('utf8')) as {
    pairs: [number, number][]
  }
  let oldId = 0
  for (const [delta, mapped] of pairs) {
    oldId += delta
    if (mapped === newId) return oldId
  }
  throw new Error(`no legacy id maps to ${newId}`)
}

/**
 * A data file of the real file's format with its states and a tenth of its cities (Moscow among them): what the
 * loader does does not depend on how many cities there are, and loading all 125,000 four times (twice on each
 * database) took two minutes of a busy run. The real file's load is what place-search and the compiled server do.
 */
async function writeSmallerPlacesFile(): Promise<{ file: string; cityCount: number }> {
  const data = JSON.parse(gunzipSync(await readFile(PLACES_FILE)).toString('utf8')) as PlacesFile
  const cities = data.cities.filter(([id], index) => index % 10 === 0 || id === MOSCOW)
  const file = join(await mkdtemp(join(tmpdir(), 'places-')), 'places.json.gz')
  await writeFile(file, gzipSync(JSON.stringify({ ...data, cities })))
  return { file, cityCount: cities.length }
}

describe.each(testDatabases())('loading the place data at start (%s)', (kind) => {
  let server: TestServer
  let placesFile: string
  let cityCount: number
  beforeAll(async () => {
    server = await createTestServer(kind)
    ;({ file: placesFile, cityCount } = await writeSmallerPlacesFile())
  }, 60_000)
  afterAll(async () => {
    await server.close()
    await rm(dirname(placesFile), { recursive: true, force: true })
  })

  const counts = async () => {
    const [cities] = await server.db.select({ value: count() }).from(placeCities)
    const [keys] = await server.db.select({ value: count() }).from(placeCitySearchKeys)
    return { cities: cities!.value, keys: keys!.value }
  }
  const cityOf = async (companyId: number) =>
    (
      await server.db.select({ cityId: companies.cityId }).from(companies).where(eq(companies.id, companyId))
    )[0]!.cityId

  it('moves city ids stored under the former data set at the first load, and clears unknown ones', async () => {
    const { tverskaya, barbers } = await demoCompanyRows(server)
    const legacyMoscow = await legacyIdOf(MOSCOW)
    await server.db.update(companies).set({ cityId: legacyMoscow }).where(eq(companies.id, tverskaya.id))
    await server.db.update(companies).set({ cityId: 7 }).where(eq(companies.id, barbers.id))

    const first = await loadPlaces(server.db, placesFile)
    expect(first.loaded).toBe(true)
    expect(await cityOf(tverskaya.id)).toBe(MOSCOW)
    expect(await cityOf(barbers.id)).toBeNull()
    expect(await counts()).toEqual({ cities: cityCount, keys: first.keys })
  }, 120_000)

  it('loads nothing on the next start, and no duplicates', async () => {
    const before = await counts()
    const again = await loadPlaces(server.db, placesFile)
    expect(again.loaded).toBe(false)
    expect(await counts()).toEqual(before)
  })

  it('reloads a changed data file without touching the ids stored since', async () => {
    const { tverskaya } = await demoCompanyRows(server)
    await server.db.update(companies).set({ cityId: MOSCOW }).where(eq(companies.id, tverskaya.id))
    await server.db.update(placeDataLoads).set({ version: 'an older file' })
    await server.db.execute(sql`delete from place_cities where id = ${MOSCOW}`)

    const reload = await loadPlaces(server.db, placesFile)
    expect(reload.loaded).toBe(true)
    expect(await cityOf(tverskaya.id)).toBe(MOSCOW)
    expect((await counts()).cities).toBe(cityCount)
  }, 120_000)
})
