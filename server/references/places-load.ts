import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { ADVISORY_LOCK_KEYS } from '../db/advisory-locks'
import type { Database } from '../db/database'
import { placeDataLoads } from '../db/schema'
import { PLACES_DATA_DIR } from '../runtime-files'
import { countryIdOf } from './country-ids'
import type { PlaceNames } from './place-languages'
import { keysOfName } from './place-search-keys'

const unzip = promisify(gunzip)

export const PLACES_FILE = join(PLACES_DATA_DIR, 'places.json.gz')
export const LEGACY_CITY_IDS_FILE = join(PLACES_DATA_DIR, 'legacy-city-ids.json.gz')

/** The shape scripts/build-places.ts writes. */
export interface PlacesFile {
  version: string
  states: [id: number, countryIso: string, code: string, names: PlaceNames][]
  cities: [
    id: number,
    countryIso: string,
    stateId: number | null,
    population: number,
    latitude: number,
    longitude: number,
    names: PlaceNames,
    aliases: string[],
  ][]
}

/** Rows per INSERT: each batch goes as one JSON parameter, expanded by jsonb_to_recordset on the server. */
const BATCH = 20_000

const LOAD_NAME = 'places'

export interface PlacesLoad {
  /** False when the same version was already there (another instance, an earlier start). */
  loaded: boolean
  /** The data file's hash. */
  version: string
  /** Search keys written (0 when nothing was loaded). */
  keys: number
  milliseconds: number
}

/**
 * Brings the reference places up to the version of the data file: at the first start, and after an update of
 * the file, it replaces every place row in one transaction; otherwise it only reads one row. Instances starting
 * together serialise on an advisory lock, so one loads and the others find the version in place.
 *
 * At the very first load it also moves the city ids that companies and onboarding answers stored under the
 * former data set (country-state-city) to the ids of the same cities here, and clears those it cannot match.
 */
export async function loadPlaces(db: Database, file: string | URL = PLACES_FILE): Promise<PlacesLoad> {
  const started = performance.now()
  const bytes = await readFile(file)
  // The file's own hash is its version: a start that finds it loaded need not even unpack it.
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16)
  const done = (loaded: boolean, keys = 0): PlacesLoad => ({
    loaded,
    version,
    keys,
    milliseconds: Math.round(performance.now() - started),
  })
  if ((await loadedVersion(db)) === version) return done(false)

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEYS.placesLoad})`)
    const previous = await loadedVersion(tx)
    if (previous === version) return done(false)

    // One truncate: deleting the rows one by one took twice as long as loading them (docs/decisions.md).
    await tx.execute(sql`truncate place_city_search_keys, place_cities, place_states`)
    const data = JSON.parse((await unzip(bytes)).toString('utf8')) as PlacesFile
    await insertStates(tx, data)
    await insertCities(tx, data)
    const keys = await insertSearchKeys(tx, data)
    if (previous === undefined) await moveLegacyCityIds(tx)
    await tx
      .insert(placeDataLoads)
      .values({ name: LOAD_NAME, version })
      .onConflictDoUpdate({ target: placeDataLoads.name, set: { version, loadedAt: new Date() } })
    return done(true, keys)
  })
}

async function loadedVersion(db: Database): Promise<string | undefined> {
  const [row] = await db
    .select({ version: placeDataLoads.version })
    .from(placeDataLoads)
    .where(eq(placeDataLoads.name, LOAD_NAME))
  return row?.version
}

async function inBatches<T>(rows: readonly T[], insert: (batch: string) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(JSON.stringify(rows.slice(start, start + BATCH)))
  }
}

async function insertStates(db: Database, data: PlacesFile): Promise<void> {
  const rows = data.states.map(([id, iso, code, names]) => ({
    id,
    country_id: countryIdOf(iso),
    code,
    names,
  }))
  await inBatches(rows, (batch) =>
    db.execute(sql`
      insert into place_states (id, country_id, code, names)
      select id, country_id, code, names
      from jsonb_to_recordset(${batch}::jsonb) as t(id integer, country_id integer, code text, names jsonb)`),
  )
}

async function insertCities(db: Database, data: PlacesFile): Promise<void> {
  for (let start = 0; start < data.cities.length; start += BATCH) {
    const batch = data.cities.slice(start, start + BATCH)
    const column = <T>(pick: (city: PlacesFile['cities'][number]) => T) => sql.param(batch.map(pick))
    await db.execute(sql`
      insert into place_cities (id, country_id, state_id, population, latitude, longitude, names)
      select * from unnest(
        ${column((city) => city[0])}::integer[],
        ${column((city) => countryIdOf(city[1]))}::integer[],
        ${column((city) => city[2])}::integer[],
        ${column((city) => city[3])}::integer[],
        ${column((city) => city[4])}::double precision[],
        ${column((city) => city[5])}::double precision[],
        ${column((city) => JSON.stringify(city[6]))}::jsonb[])`)
  }
}

async function insertSearchKeys(db: Database, data: PlacesFile): Promise<number> {
  const cityIds: number[] = []
  const countryIds: number[] = []
  const keys: string[] = []
  for (const [id, iso, , , , , names, aliases] of data.cities) {
    const countryId = countryIdOf(iso)
    const ofCity = new Set(Object.values(names).flatMap((name) => keysOfName(name)))
    for (const alias of aliases) ofCity.add(alias)
    for (const key of ofCity) {
      cityIds.push(id)
      countryIds.push(countryId)
      keys.push(key)
    }
  }
  // Building the two prefix indexes once after the rows is several times faster than keeping them up to date.
  await db.execute(sql`drop index place_city_search_keys_country_key_idx`)
  await db.execute(sql`drop index place_city_search_keys_key_idx`)
  await db.execute(
    sql`alter table place_city_search_keys drop constraint place_city_search_keys_city_id_key_pk`,
  )
  for (let start = 0; start < keys.length; start += BATCH) {
    const end = start + BATCH
    await db.execute(sql`
      insert into place_city_search_keys (city_id, country_id, key)
      select * from unnest(${sql.param(cityIds.slice(start, end))}::integer[], ${sql.param(countryIds.slice(start, end))}::integer[],
        ${sql.param(keys.slice(start, end))}::text[])`)
  }
  await db.execute(sql`
    alter table place_city_search_keys
    add constraint place_city_search_keys_city_id_key_pk primary key (city_id, key)`)
  await db.execute(sql`
    create index place_city_search_keys_country_key_idx
    on place_city_search_keys using btree (country_id, key text_pattern_ops)`)
  await db.execute(sql`
    create index place_city_search_keys_key_idx on place_city_search_keys using btree (key text_pattern_ops)`)
  return keys.length
}

/** The ids of the former data set that stored rows hold, moved to this data set's ids (see the doc above). */
async function moveLegacyCityIds(db: Database): Promise<void> {
  const legacy = JSON.parse((await unzip(await readFile(LEGACY_CITY_IDS_FILE))).toString('utf8')) as {
    pairs: [number, number][]
  }
  let oldId = 0
  const pairs = legacy.pairs.map(([delta, newId]) => {
    oldId += delta
    return [oldId, newId]
  })
  await db.execute(
    sql`create temporary table legacy_city_ids (old_id integer primary key, new_id integer) on commit drop`,
  )
  await inBatches(pairs, (batch) =>
    db.execute(sql`
      insert into legacy_city_ids
      select (pair->>0)::integer, (pair->>1)::integer from jsonb_array_elements(${batch}::jsonb) as pair`),
  )
  for (const table of [sql`companies`, sql`onboarding_progress`]) {
    await db.execute(sql`
      update ${table} set city_id = legacy_city_ids.new_id
      from legacy_city_ids where ${table}.city_id = legacy_city_ids.old_id`)
    await db.execute(sql`
      update ${table} set city_id = null
      where city_id is not null and not exists (select 1 from place_cities where place_cities.id = ${table}.city_id)`)
  }
}
