import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/core'
import metadata from 'libphonenumber-js/metadata.max.json'

/**
 * A client's phone as stored: E.164 with its plus, read in the company's country unless it is typed with a
 * plus (or 00) before the calling code. Undefined when it is no valid number.
 */
export function normaliseClientPhone(input: string, region: string | undefined): string | undefined {
  const trimmed = input.trim().replace(/^00/, '+')
  if (!/\d/.test(trimmed)) return undefined
  const parsed = parsePhoneNumberFromString(
    trimmed,
    trimmed.startsWith('+') ? { extract: false } : { defaultCountry: region as CountryCode, extract: false },
    metadata,
  )
  if (!parsed?.isValid()) return undefined
  return parsed.number
}

/**
 * The digit strings a search term may match inside a stored E.164 phone: its digits, the number it makes in
 * full in the company's country, and its digits without a trunk prefix (8 or 0), so that "8 916 123", "916-12"
 * and "+7 (916) 123-45-67" all find +79161234567. Empty when the term holds fewer than three digits.
 */
export function phoneSearchDigits(term: string, region: string | undefined): string[] {
  const digits = term.replace(/\D/g, '')
  if (digits.length < 3) return []
  const variants = new Set([digits])
  const full = normaliseClientPhone(term, region)
  if (full) variants.add(full.slice(1))
  if (/^[08]/.test(digits) && digits.length >= 4 && !term.trim().startsWith('+'))
    variants.add(digits.slice(1))
  return [...variants]
}

/** The number with its middle digits hidden, for a viewer without client_phones_access: +7 916 *****67. */
export function hideClientPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164, metadata)
  const code = parsed?.countryCallingCode ?? e164.slice(1, 2)
  const national = parsed?.nationalNumber ?? e164.slice(1 + code.length)
  const shown = national.length >= 8 ? 3 : 1
  return `+${code} ${national.slice(0, shown)}${'*'.repeat(Math.max(national.length - shown - 2, 1))}${national.slice(-2)}`
}
