/**
 * Stable numeric ids of countries. Russia is 1 because the data already stored (demo companies, older
 * clients) says so; the former Soviet states follow as 2 to 12 because they make up most of the users. Every
 * other country gets 1000 + 26 x (its first letter) + (its second letter) of its ISO 3166-1 alpha-2 code with
 * A = 0, an id that no data update can ever shift (US = 1538).
 */
const LOW_IDS: Record<string, number> = {
  RU: 1,
  UA: 2,
  BY: 3,
  KZ: 4,
  UZ: 5,
  KG: 6,
  TJ: 7,
  AM: 8,
  AZ: 9,
  GE: 10,
  MD: 11,
  TM: 12,
}
const ISO_BY_LOW_ID = new Map(Object.entries(LOW_IDS).map(([iso, id]) => [id, iso]))

const A = 'A'.charCodeAt(0)
const ALPHA_OFFSET = 1000

export { RUSSIA_COUNTRY_ID } from '../../contract/references/schemas'

/** The id of an ISO alpha-2 country code (upper case). */
export function countryIdOf(isoCode: string): number {
  const low = LOW_IDS[isoCode]
  if (low !== undefined) return low
  return ALPHA_OFFSET + (isoCode.charCodeAt(0) - A) * 26 + (isoCode.charCodeAt(1) - A)
}

/** The ISO alpha-2 code of an id, or undefined when the id can name no country. */
export function isoCodeOf(countryId: number): string | undefined {
  const low = ISO_BY_LOW_ID.get(countryId)
  if (low !== undefined) return low
  const offset = countryId - ALPHA_OFFSET
  if (!Number.isInteger(offset) || offset < 0 || offset >= 26 * 26) return undefined
  const iso = String.fromCharCode(A + Math.floor(offset / 26), A + (offset % 26))
  // A low-id country must be addressed by its low id only, so each country has exactly one id.
  return LOW_IDS[iso] === undefined ? iso : undefined
}

/**
 * Russia and the CIS get SMS through the local provider ('sms'); every other number goes through the
 * international one ('sms_vonage').
 */
export const LOCAL_SMS_COUNTRIES: ReadonlySet<string> = new Set([
  'RU',
  'BY',
  'KZ',
  'KG',
  'TJ',
  'UZ',
  'AM',
  'AZ',
  'MD',
  'TM',
])
