import { getCountryCallingCode, getExampleNumber, Metadata, type CountryCode } from 'libphonenumber-js/core'
import examples from 'libphonenumber-js/examples.mobile.json'
import metadata from 'libphonenumber-js/metadata.max.json'
import type { Country as ApiCountry, ReferenceLanguage } from '../../contract/references/schemas'
import { countryIdOf } from './country-ids'
import countryFacts from './data/countries.json' with { type: 'json' }
import { languageIdOfCountry } from './language-ids'

/** A country of the data set with everything but its localised title; built once per process. */
type CountryBase = Omit<ApiCountry, 'title'> & { englishTitle: string }

const phoneMetadata = new Metadata(metadata)

function phoneFacts(
  isoCode: string,
): Pick<ApiCountry, 'phone_code' | 'phone_example' | 'phone_template' | 'phone_lengths'> {
  const country = isoCode as CountryCode
  try {
    const callingCode = getCountryCallingCode(country, metadata)
    phoneMetadata.selectNumberingPlan(country)
    const example = getExampleNumber(country, examples, metadata)?.formatInternational() ?? ''
    const prefix = `+${callingCode}`
    const template = example ? prefix + example.slice(prefix.length).replace(/\d/g, 'X') : ''
    return {
      phone_code: callingCode,
      phone_example: example,
      phone_template: template,
      phone_lengths: phoneMetadata.numberingPlan?.possibleLengths() ?? [],
    }
  } catch {
    // Territories without a numbering plan of their own (Antarctica, Bouvet Island, ...) have no phone rules.
    return { phone_code: '', phone_example: '', phone_template: '', phone_lengths: [] }
  }
}

let bases: CountryBase[] | undefined

/** The flag emoji of an ISO alpha-2 code: its letters as regional indicator symbols. */
const flagOf = (isoCode: string) =>
  String.fromCodePoint(...[...isoCode].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 'A'.charCodeAt(0)))

/**
 * Every country of countries.json (written by scripts/build-places.ts from countries-list and GeoNames: the
 * currency, the capital's time zone, whether GeoNames has its states); names and phone rules come from Intl
 * and libphonenumber here.
 */
function countryBases(): CountryBase[] {
  bases ??= countryFacts.map((country) => ({
    id: countryIdOf(country.iso),
    iso_code: country.iso,
    englishTitle: displayNames.en.of(country.iso) ?? country.iso,
    lang_id: languageIdOfCountry(country.iso),
    ...phoneFacts(country.iso),
    currency: country.currency,
    flag: flagOf(country.iso),
    has_states: country.has_states,
  }))
  return bases
}

const displayNames = {
  ru: new Intl.DisplayNames(['ru'], { type: 'region', fallback: 'none' }),
  en: new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }),
}

function localise(base: CountryBase, language: ReferenceLanguage): ApiCountry {
  const { englishTitle, ...rest } = base
  return { ...rest, title: displayNames[language].of(base.iso_code) ?? englishTitle }
}

/** Every country, sorted by its name in the language. */
export function listCountries(language: ReferenceLanguage): ApiCountry[] {
  const collator = new Intl.Collator(language)
  return countryBases()
    .map((base) => localise(base, language))
    .sort((a, b) => collator.compare(a.title, b.title))
}

export function findCountry(id: number, language: ReferenceLanguage): ApiCountry | undefined {
  const base = countryBases().find((country) => country.id === id)
  return base ? localise(base, language) : undefined
}

/** Where the capital is, so that a new company gets the clock most of its country uses. */
const PREFERRED_TIMEZONES: Readonly<Record<string, string>> = {
  RU: 'Europe/Moscow',
  US: 'America/New_York',
  CA: 'America/Toronto',
  KZ: 'Asia/Almaty',
  UA: 'Europe/Kyiv',
  BR: 'America/Sao_Paulo',
  AU: 'Australia/Sydney',
  MX: 'America/Mexico_City',
  ID: 'Asia/Jakarta',
  CN: 'Asia/Shanghai',
  ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon',
}

/** The time zone and currency a new company in the country starts with (its capital's zone unless set above). */
export function companyDefaultsOf(isoCode: string): { timezone: string; currency: string } {
  const country = countryFacts.find((facts) => facts.iso === isoCode)
  return {
    timezone: PREFERRED_TIMEZONES[isoCode] ?? country?.timezone ?? 'UTC',
    currency: country?.currency || 'RUB',
  }
}
