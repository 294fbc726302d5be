import {
  getCountries,
  getCountryCallingCode,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/core'
import metadata from 'libphonenumber-js/metadata.max.json'

/** A phone number that passed validation: digits as stored (E.164 without '+') and its country. */
export interface NormalisedPhone {
  /** E.164 without the leading '+', as users.phone and invites.phone hold it. */
  digits: string
  /** ISO 3166-1 alpha-2. */
  country: CountryCode
  callingCode: string
  /** The national significant number. */
  national: string
}

const COUNTRIES = getCountries(metadata)

/** Calling codes are at most three digits; countries per code, the code's main country first. */
const countriesByCallingCode = new Map<string, CountryCode[]>()
for (const country of COUNTRIES) {
  const code = getCountryCallingCode(country, metadata)
  const list = countriesByCallingCode.get(code) ?? []
  list.push(country)
  countriesByCallingCode.set(code, list)
}
for (const [code, list] of countriesByCallingCode) {
  const main = (metadata.country_calling_codes as Record<string, string[]>)[code]?.[0]
  list.sort((a, b) => Number(b === main) - Number(a === main))
}

/** The digits of a typed phone: '+', spaces, dashes, dots and brackets are dropped. */
export function phoneDigits(input: string): string {
  return input.replace(/[\s+\-().]/g, '')
}

/**
 * The country of an international number given as digits (SPEC.md section 5): among the countries that share
 * the calling code starting the number, the one whose full number pattern (leading digits, national number
 * pattern and a number type) the number matches, as libphonenumber's own resolution decides it; when none
 * matches, the main country of the longest calling code that starts it. Undefined when no calling code fits.
 */
export function detectCountry(digits: string): CountryCode | undefined {
  const parsed = parsePhoneNumberFromString(`+${digits}`, metadata)
  if (parsed?.country && parsed.isValid()) return parsed.country
  for (let length = 3; length >= 1; length -= 1) {
    const candidates = countriesByCallingCode.get(digits.slice(0, length))
    if (candidates) return candidates[0]
  }
  return undefined
}

/**
 * Normalises and validates a typed phone number. International numbers are read as they are; a Russian
 * number typed the domestic way (8 and ten digits) is accepted too, because that is how most of our users
 * write it. Returns undefined when the number is not a valid number of its country.
 */
export function normalisePhone(input: string): NormalisedPhone | undefined {
  const digits = phoneDigits(input)
  if (!/^\d{5,15}$/.test(digits)) return undefined
  const international = parseValid(`+${digits}`)
  if (international) return international
  if (/^8\d{10}$/.test(digits)) return parseValid(`+7${digits.slice(1)}`)
  return undefined
}

function parseValid(text: string): NormalisedPhone | undefined {
  const parsed = parsePhoneNumberFromString(text, metadata)
  if (!parsed?.isValid()) return undefined
  const digits = `${parsed.countryCallingCode}${parsed.nationalNumber}`
  const country = detectCountry(digits) ?? parsed.country
  if (!country) return undefined
  return { digits, country, callingCode: parsed.countryCallingCode, national: parsed.nationalNumber }
}

/**
 * The number with its middle digits hidden, for showing whose code was sent without disclosing the number:
 * the calling code, the first three and the last two national digits stay (`+7 900*****67`).
 */
export function maskPhone(digits: string): string {
  const country = detectCountry(digits)
  const callingCode = country ? getCountryCallingCode(country, metadata) : digits.slice(0, 1)
  const national = digits.slice(callingCode.length)
  const shown = national.length >= 8 ? 3 : 1
  const hidden = Math.max(national.length - shown - 2, 1)
  return `+${callingCode} ${national.slice(0, shown)}${'*'.repeat(hidden)}${national.slice(-2)}`
}
