import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import type { PlaceNames } from '../../references/place-languages'

/*
 * Reference places (GeoNames, CC BY 4.0), loaded from server/references/data/places.json.gz at start
 * (server/references/places-load.ts). Nothing but the loader writes them.
 */

/** First-level divisions of countries (regions, states, provinces). Ids are a stable hash of the GeoNames code. */
export const placeStates = pgTable(
  'place_states',
  {
    id: integer('id').primaryKey(),
    countryId: integer('country_id').notNull(),
    /** GeoNames' admin1 code within the country ("48" for Moscow in Russia). */
    code: text('code').notNull(),
    names: jsonb('names').$type<PlaceNames>().notNull(),
  },
  (table) => [index('place_states_country_idx').on(table.countryId)],
)

/** Cities of at least 1000 people, and seats of capitals, states and districts. The id is the GeoNames id. */
export const placeCities = pgTable(
  'place_cities',
  {
    id: integer('id').primaryKey(),
    countryId: integer('country_id').notNull(),
    stateId: integer('state_id'),
    population: integer('population').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    names: jsonb('names').$type<PlaceNames>().notNull(),
  },
  (table) => [index('place_cities_country_idx').on(table.countryId, table.stateId)],
)

/**
 * Every key a city is found by (server/references/place-search-keys.ts): its names in every language, their
 * later words, their Latin spelling, and its other Latin and Cyrillic names. A term matches a key it begins.
 */
export const placeCitySearchKeys = pgTable(
  'place_city_search_keys',
  {
    cityId: integer('city_id').notNull(),
    countryId: integer('country_id').notNull(),
    key: text('key').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.cityId, table.key] }),
    // text_pattern_ops lets `key LIKE 'term%'` use the index whatever the database's collation.
    index('place_city_search_keys_country_key_idx').on(table.countryId, table.key.op('text_pattern_ops')),
    index('place_city_search_keys_key_idx').on(table.key.op('text_pattern_ops')),
  ],
)

/** Which version of the place data is loaded (one row), so that a start loads it only when it changed. */
export const placeDataLoads = pgTable('place_data_loads', {
  name: text('name').primaryKey(),
  version: text('version').notNull(),
  loadedAt: instant('loaded_at').notNull().defaultNow(),
})
