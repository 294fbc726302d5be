import { AsYouType, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min'

/** What the phone field needs of a country (GET /countries). */
export interface PhoneCountry {
  id: number
  iso_code: string
  phone_code: string
}

/** The digits of a phone as typed. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '')

/** True when the visitor typed the number in international form, with its calling code after a plus. */
export const isInternational = (phone: string) => phone.trim().startsWith('+')

/**
 * The country whose calling code starts the digits, by the longest code; the first listed wins a tie. (The chosen
 * country never gets here when its code fits: detectCountry keeps it before asking.)
 */
function byCallingCode<T extends PhoneCountry>(digits: string, countries: readonly T[]): T | null {
  let best: T | null = null
  for (const country of countries) {
    const code = country.phone_code
    if (!code || !digits.startsWith(code)) continue
    if (best === null || code.length > best.phone_code.length) best = country
  }
  return best
}

/**
 * The country of the phone as it is being typed (SPEC.md section 5). A national number (no plus) is read in
 * the chosen country, which therefore stays: "9161234567" with Russia chosen is a Russian mobile, not a
 * number of India (+91). An international number names its own country: libphonenumber's metadata tells
 * countries that share a calling code apart by their leading digits (+7 9xx is Russia, +7 7xx Kazakhstan);
 * while the digits cannot tell yet, the chosen country is kept if its code fits, else the longest code decides.
 */
export function detectCountry<T extends PhoneCountry>(
  phone: string,
  countries: readonly T[],
  current: T | null,
): T | null {
  const digits = phoneDigits(phone)
  if (digits.length === 0 || !isInternational(phone)) return current
  const typing = new AsYouType()
  typing.input(`+${digits}`)
  const iso = typing.getCountry()
  const named = iso ? countries.find((country) => country.iso_code.toUpperCase() === iso) : undefined
  if (named) return named
  if (current && digits.startsWith(current.phone_code)) return current
  return byCallingCode(digits, countries) ?? current
}

/**
 * The number to send, in international form: a national number is read in the chosen country (a Russian
 * "8 916 ..." or "916 ..." becomes +7916...), since the server reads every number as international.
 * An empty field stays empty, so that the server can say it is missing.
 */
export function internationalPhone(phone: string, country: PhoneCountry | null): string {
  const digits = phoneDigits(phone)
  if (digits.length === 0) return ''
  if (isInternational(phone) || !country) return `+${digits}`
  const parsed = parsePhoneNumberFromString(digits, country.iso_code.toUpperCase() as CountryCode)
  if (parsed) return parsed.number
  return digits.startsWith(country.phone_code) ? `+${digits}` : `+${country.phone_code}${digits}`
}

/** The phone with its calling code replaced by the country's, for when the visitor picks another country. */
export function withCountryCode(phone: string, previous: PhoneCountry | null, next: PhoneCountry): string {
  // A national number belongs to no calling code: it is simply read in the new country.
  if (!isInternational(phone)) return phone
  const digits = phoneDigits(phone)
  const national =
    previous && digits.startsWith(previous.phone_code) ? digits.slice(previous.phone_code.length) : digits
  return `+${next.phone_code}${national}`
}
