import { and, asc, count as countRows, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm'
import type { City as ApiCity, ReferenceLanguage } from '../../contract/references/schemas'
import type { Database } from '../db/database'
import { placeCities, placeCitySearchKeys, placeStates } from '../db/schema'
import { prefixesOfTerm } from './place-search-keys'

/** A place's name in the language, else in English (every place has an English name). */
const titleIn = (names: typeof placeCities.names | typeof placeStates.names, language: ReferenceLanguage) =>
  sql<string>`coalesce(${names}->>${language}, ${names}->>'en')`

function citySelection(language: ReferenceLanguage) {
  return {
    id: placeCities.id,
    country_id: placeCities.countryId,
    state_id: placeCities.stateId,
    title: titleIn(placeCities.names, language),
    state_title: sql<
      string | null
    >`coalesce(${placeStates.names}->>${language}, ${placeStates.names}->>'en')`,
    latitude: placeCities.latitude,
    longitude: placeCities.longitude,
  }
}

function selectCities(db: Database, language: ReferenceLanguage) {
  return db
    .select(citySelection(language))
    .from(placeCities)
    .leftJoin(placeStates, eq(placeStates.id, placeCities.stateId))
}

export async function findCity(
  db: Database,
  id: number,
  language: ReferenceLanguage,
): Promise<ApiCity | undefined> {
  const [city] = await selectCities(db, language).where(eq(placeCities.id, id))
  return city
}

/** One page of the cities of a country, or of one of its states, by name in the language. */
export async function listCities(
  db: Database,
  query: {
    countryId: number
    stateId?: number | undefined
    page: number
    count: number
    language: ReferenceLanguage
  },
): Promise<{ cities: ApiCity[]; total: number }> {
  const where = and(
    eq(placeCities.countryId, query.countryId),
    query.stateId === undefined ? undefined : eq(placeCities.stateId, query.stateId),
  )
  const [total] = await db.select({ value: countRows() }).from(placeCities).where(where)
  const cities = await selectCities(db, query.language)
    .where(where)
    .orderBy(asc(titleIn(placeCities.names, query.language)), asc(placeCities.id))
    .limit(query.count)
    .offset((query.page - 1) * query.count)
  return { cities, total: total?.value ?? 0 }
}

/**
 * Cities with a name that starts with the term (or whose later word does), in any language or script: a
 * Cyrillic term also matches Latin names by its Latin spelling. Within the country when one is given; the most
 * populous first, named in the language.
 */
export async function searchCities(
  db: Database,
  query: { term: string; countryId?: number | undefined; count: number; language: ReferenceLanguage },
): Promise<ApiCity[]> {
  const prefixes = prefixesOfTerm(query.term)
  if (prefixes.length === 0) return []
  // Search keys hold letters, digits and single spaces only (searchKey), so the prefixes need no LIKE escaping.
  const matching: SQL[] = prefixes.map((prefix) => like(placeCitySearchKeys.key, `${prefix}%`))
  const found = db
    .selectDistinct({ id: placeCitySearchKeys.cityId })
    .from(placeCitySearchKeys)
    .where(
      and(
        query.countryId === undefined ? undefined : eq(placeCitySearchKeys.countryId, query.countryId),
        or(...matching),
      ),
    )
  return selectCities(db, query.language)
    .where(inArray(placeCities.id, found))
    .orderBy(desc(placeCities.population), asc(placeCities.id))
    .limit(query.count)
}

/** Whether a city lies in a country (the fourth step and the company profile store both). */
export async function cityBelongsTo(db: Database, cityId: number, countryId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: placeCities.id })
    .from(placeCities)
    .where(and(eq(placeCities.id, cityId), eq(placeCities.countryId, countryId)))
  return row !== undefined
}

export async function cityExists(db: Database, cityId: number): Promise<boolean> {
  const [row] = await db.select({ id: placeCities.id }).from(placeCities).where(eq(placeCities.id, cityId))
  return row !== undefined
}

/** The country of a city of the reference, if it is one. */
export async function countryOfCity(
  db: Pick<Database, 'select'>,
  cityId: number,
): Promise<number | undefined> {
  const [city] = await db
    .select({ countryId: placeCities.countryId })
    .from(placeCities)
    .where(eq(placeCities.id, cityId))
  return city?.countryId
}
