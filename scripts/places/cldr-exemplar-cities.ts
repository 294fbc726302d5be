import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

interface ZoneTree {
  [key: string]: ZoneTree | string
}

/**
 * CLDR's exemplar city of every time zone in one language ("Europe/Moscow" → "Москва"): the only labelled
 * city names among the packages at hand, so they override the guessed ones for the about 400 cities they name.
 */
export function exemplarCities(language: string): Map<string, string> {
  const file = require(`cldr-dates-full/main/${language}/timeZoneNames.json`) as {
    main: Record<string, { dates: { timeZoneNames: { zone: ZoneTree } } }>
  }
  const zones = Object.values(file.main)[0]!.dates.timeZoneNames.zone
  const cities = new Map<string, string>()
  const walk = (tree: ZoneTree, path: string[]) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value !== 'object') continue
      const exemplar = value.exemplarCity
      if (typeof exemplar === 'string') cities.set([...path, key].join('/'), exemplar)
      // A zone's entry holds only names ("long", "short") when its exemplar is its id's last part.
      else if (value._type !== 'zone') walk(value, [...path, key])
    }
  }
  walk(zones, [])
  return cities
}
