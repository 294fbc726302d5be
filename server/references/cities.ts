import { City } from 'country-state-city'
import type { City as ApiCity } from '../../contract/references/schemas'
import { countryIdOf } from './country-ids'
import { assignStableIds } from './stable-ids'
import { stateIndex, stateKey } from './states'

interface CityRecord extends ApiCity {
  /** Lower-case title for search. */
  searchTitle: string
}

interface CityIndex {
  byId: Map<number, CityRecord>
  byCountry: Map<number, CityRecord[]>
  all: CityRecord[]
}

let index: CityIndex | undefined

/**
 * Every city of the country-state-city data set (about 150 000), numbered by a hash of country, state, name
 * and position, which keeps an id when the data set is updated around it. Built on the first request, since
 * most processes never need it.
 */
function cityIndex(): CityIndex {
  if (index) return index
  const cities = City.getAllCities()
  const keyOf = (city: (typeof cities)[number]) =>
    `${city.countryCode}|${city.stateCode}|${city.name}|${city.latitude ?? ''}|${city.longitude ?? ''}`
  const ids = assignStableIds(cities.map(keyOf))
  const states = stateIndex()
  const built: CityIndex = { byId: new Map(), byCountry: new Map(), all: [] }
  for (const city of cities) {
    const state = states.byKey.get(stateKey(city.countryCode, city.stateCode))
    const record: CityRecord = {
      id: ids.get(keyOf(city)) ?? 0,
      country_id: countryIdOf(city.countryCode),
      state_id: state?.id ?? null,
      title: city.name,
      state_title: state?.title ?? null,
      latitude: city.latitude ? Number(city.latitude) : null,
      longitude: city.longitude ? Number(city.longitude) : null,
      searchTitle: city.name.toLowerCase(),
    }
    built.byId.set(record.id, record)
    built.all.push(record)
    const list = built.byCountry.get(record.country_id) ?? []
    list.push(record)
    built.byCountry.set(record.country_id, list)
  }
  for (const list of built.byCountry.values()) list.sort((a, b) => a.title.localeCompare(b.title))
  index = built
  return built
}

function toApiCity(record: CityRecord): ApiCity {
  const { searchTitle: _searchTitle, ...city } = record
  return city
}

export function findCity(id: number): ApiCity | undefined {
  const record = cityIndex().byId.get(id)
  return record ? toApiCity(record) : undefined
}

/** One page of the cities of a country, or of one of its states, by name. */
export function listCities(query: {
  countryId: number
  stateId?: number | undefined
  page: number
  count: number
}): { cities: ApiCity[]; total: number } {
  const inCountry = cityIndex().byCountry.get(query.countryId) ?? []
  const matching =
    query.stateId === undefined ? inCountry : inCountry.filter((city) => city.state_id === query.stateId)
  const start = (query.page - 1) * query.count
  return { cities: matching.slice(start, start + query.count).map(toApiCity), total: matching.length }
}

/** Cities whose name starts with the term come first, then those that contain it; each group by name. */
export function searchCities(query: {
  term: string
  countryId?: number | undefined
  count: number
}): ApiCity[] {
  const term = query.term.toLowerCase()
  const pool =
    query.countryId === undefined ? cityIndex().all : (cityIndex().byCountry.get(query.countryId) ?? [])
  const starting: CityRecord[] = []
  const containing: CityRecord[] = []
  for (const city of pool) {
    const at = city.searchTitle.indexOf(term)
    if (at === 0) starting.push(city)
    else if (at > 0) containing.push(city)
  }
  const byName = (a: CityRecord, b: CityRecord) => a.title.localeCompare(b.title)
  return [...starting.sort(byName), ...containing.sort(byName)].slice(0, query.count).map(toApiCity)
}

/** Whether a city lies in a country (the fourth step stores both). */
export function cityBelongsTo(cityId: number, countryId: number): boolean {
  return cityIndex().byId.get(cityId)?.country_id === countryId
}

export function cityExists(cityId: number): boolean {
  return cityIndex().byId.has(cityId)
}
