import { createRequire } from 'node:module'
import { join } from 'node:path'
import { searchKey } from '../../server/references/place-search-keys'
import { assignStableIds } from '../../server/references/stable-ids'

const require = createRequire(import.meta.url)

interface LegacyCity {
  name: string
  countryCode: string
  stateCode: string
  latitude?: string | null
  longitude?: string | null
}

interface NewCity {
  id: number
  name: string
  asciiName: string
  alternateNames: readonly string[]
  countryCode: string
  latitude: number
  longitude: number
}

/** A legacy city is the nearest new city of its country that has its name, within this distance. */
const MAX_DISTANCE_KM = 30

function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const radians = Math.PI / 180
  const dLat = (b.latitude - a.latitude) * radians
  const dLon = (b.longitude - a.longitude) * radians
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(dLon / 2) ** 2
  return 12_742 * Math.asin(Math.sqrt(h))
}

/**
 * The ids the server gave country-state-city's cities (a hash of country, state, name and coordinates:
 * server/references/stable-ids.ts) mapped to the GeoNames ids of the same cities, delta-encoded by old id:
 * `pairs` holds [old id - previous old id, new id]. Cities with no match are left out (the loader clears them).
 */
export function buildLegacyCityIds(
  folder: string,
  cities: readonly NewCity[],
): { pairs: [number, number][]; total: number } {
  const legacy = require(join(folder, 'lib/cjs/index.js')) as { City: { getAllCities: () => LegacyCity[] } }
  const all = legacy.City.getAllCities()
  const keyOf = (city: LegacyCity) =>
    `${city.countryCode}|${city.stateCode}|${city.name}|${city.latitude ?? ''}|${city.longitude ?? ''}`
  const ids = assignStableIds(all.map(keyOf))

  const byCountryAndName = new Map<string, NewCity[]>()
  for (const city of cities) {
    for (const name of new Set([city.name, city.asciiName, ...city.alternateNames].map(searchKey))) {
      const key = `${city.countryCode}|${name}`
      const list = byCountryAndName.get(key) ?? []
      list.push(city)
      byCountryAndName.set(key, list)
    }
  }

  const mapped: [number, number][] = []
  for (const city of all) {
    const point = { latitude: Number(city.latitude), longitude: Number(city.longitude) }
    let best: { id: number; km: number } | undefined
    for (const candidate of byCountryAndName.get(`${city.countryCode}|${searchKey(city.name)}`) ?? []) {
      const km = distanceKm(point, candidate)
      if (km <= MAX_DISTANCE_KM && (!best || km < best.km)) best = { id: candidate.id, km }
    }
    if (best) mapped.push([ids.get(keyOf(city))!, best.id])
  }
  mapped.sort((a, b) => a[0] - b[0])
  let previous = 0
  const pairs = mapped.map(([oldId, newId]): [number, number] => {
    const delta = oldId - previous
    previous = oldId
    return [delta, newId]
  })
  return { pairs, total: all.length }
}
