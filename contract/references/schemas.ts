import * as v from 'valibot'
import { INT4_MAX } from '../storable-values'
import { fieldText } from '../field-text'

/*
 * Reference data (SPEC.md section 7 'Reference data'): countries with their phone rules, states, cities and
 * business groups. Names come in the request's language: ?lang=ru|en wins, then Accept-Language, then Russian.
 */

/** ?lang= on every reference call. */
export const referenceLanguageSchema = v.picklist(['ru', 'en'], /*i18n*/ 'lang must be ru or en')
export type ReferenceLanguage = v.InferOutput<typeof referenceLanguageSchema>
export const languageQuerySchema = v.object({ lang: v.optional(referenceLanguageSchema) })

/**
 * A country. Ids are stable: Russia 1, the CIS 2 to 12, every other country 1000 + 26 x (first letter) +
 * (second letter) of its ISO 3166-1 alpha-2 code, A = 0 (docs/decisions.md).
 */
export const RUSSIA_COUNTRY_ID = 1

export const countrySchema = v.object({
  id: v.number(),
  /** ISO 3166-1 alpha-2. */
  iso_code: v.string(),
  title: v.string(),
  /** The id of the country's main language (Russian 1, English 2, ...; English when we have no better). */
  lang_id: v.number(),
  /** The international calling code without '+', e.g. "7". */
  phone_code: v.string(),
  /** An example number in international format, e.g. "+7 912 345-67-89"; empty when none is known. */
  phone_example: v.string(),
  /** The example with each national digit replaced by X, e.g. "+7 XXX XXX-XX-XX". */
  phone_template: v.string(),
  /** Possible lengths of the national number (without the calling code). */
  phone_lengths: v.array(v.number()),
  currency: v.string(),
  flag: v.string(),
  has_states: v.boolean(),
})
export type Country = v.InferOutput<typeof countrySchema>
export const countriesSchema = v.array(countrySchema)

export const stateSchema = v.object({
  id: v.number(),
  country_id: v.number(),
  /** The state's code within its country (GeoNames admin1 code, e.g. "48" for Moscow in Russia). */
  iso_code: v.string(),
  title: v.string(),
})
export type State = v.InferOutput<typeof stateSchema>
export const statesSchema = v.array(stateSchema)

/** A city; its id is its GeoNames id. */
export const citySchema = v.object({
  id: v.number(),
  country_id: v.number(),
  state_id: v.nullable(v.number()),
  title: v.string(),
  /** The state's name, to tell apart cities of the same name. */
  state_title: v.nullable(v.string()),
  latitude: v.nullable(v.number()),
  longitude: v.nullable(v.number()),
})
export type City = v.InferOutput<typeof citySchema>
export const citiesSchema = v.array(citySchema)

const numericId = (field: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,20}$/, fieldText(/*i18n*/ '{field} must be a positive integer', { field })),
    v.transform(Number),
    v.maxValue(INT4_MAX, /*i18n*/ 'is too large'),
  )

/** GET /countries/{id}/states and GET /city/{id} */
export const referenceIdParamsSchema = v.object({ id: numericId('id') })

const countQuery = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,4}$/, /*i18n*/ 'count must be a number'),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(1000),
  ),
  '100',
)
const pageQuery = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, /*i18n*/ 'page must be a number'),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(1_000_000, /*i18n*/ 'is too large'),
  ),
  '1',
)

/** GET /cities?country_id=&state_id=&page=&count= : cities by name, `meta.total` holds the full count. */
export const citiesQuerySchema = v.object({
  country_id: numericId('country_id'),
  state_id: v.optional(numericId('state_id')),
  page: pageQuery,
  count: countQuery,
  lang: v.optional(referenceLanguageSchema),
})
export type CitiesQuery = v.InferOutput<typeof citiesQuerySchema>

/**
 * GET /city/search?term=&country_id=&count= : cities with a name (in any language or script) or a later word of
 * one that starts with the term, within the country when given, most populous first (docs/decisions.md).
 */
export const citySearchQuerySchema = v.object({
  term: v.pipe(v.string(), v.trim(), v.minLength(2, /*i18n*/ 'Type at least 2 letters'), v.maxLength(100)),
  country_id: v.optional(numericId('country_id')),
  count: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, /*i18n*/ 'count must be a number'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(100),
    ),
    '20',
  ),
  lang: v.optional(referenceLanguageSchema),
})
export type CitySearchQuery = v.InferOutput<typeof citySearchQuerySchema>

export const businessTypeSchema = v.object({ id: v.number(), slug: v.string(), title: v.string() })
export type BusinessType = v.InferOutput<typeof businessTypeSchema>

/** GET /references/business_groups_with_types */
export const businessGroupSchema = v.object({
  id: v.number(),
  slug: v.string(),
  title: v.string(),
  types: v.array(businessTypeSchema),
})
export type BusinessGroup = v.InferOutput<typeof businessGroupSchema>
export const businessGroupsSchema = v.array(businessGroupSchema)

/** Cash-register integrations (GET references/kkm_integration), offered by the company settings. */
export const kkmIntegrationSchema = v.object({ id: v.number(), slug: v.string(), title: v.string() })
export type KkmIntegration = v.InferOutput<typeof kkmIntegrationSchema>
export const kkmIntegrationsSchema = v.array(kkmIntegrationSchema)
