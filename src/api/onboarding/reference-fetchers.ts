import { apiRequest } from '../client'
import { businessGroupsSchema, citiesSchema, countriesSchema } from '../../../contract/references/schemas'

/** GET /countries: every country with its phone rules, named in `lang`. */
export function fetchCountries(lang: 'ru' | 'en') {
  return apiRequest('/countries', { query: { lang }, schema: countriesSchema, auth: false })
}

/** GET /references/business_groups_with_types */
export function fetchBusinessGroups(lang: 'ru' | 'en') {
  return apiRequest('/references/business_groups_with_types', {
    query: { lang },
    schema: businessGroupsSchema,
    auth: false,
  })
}

/** GET /city/search: cities whose names start with (then contain) the term. */
export function searchCities(term: string, countryId: number | null, lang: 'ru' | 'en') {
  return apiRequest('/city/search', {
    query: { term, country_id: countryId ?? undefined, lang, count: 10 },
    schema: citiesSchema,
    auth: false,
  })
}
