/** What the phone field needs of a country (GET /countries). */
export interface PhoneCountry {
  id: number
  iso_code: string
  phone_code: string
}

/** The digits of a phone as typed. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '')

/**
 * The country a phone number belongs to, by the longest calling code its digits start with (the
 * server decides finally, by the best full-pattern match; this only picks the flag while typing).
 * Where several countries share a code (+7, +1), the one already chosen is kept, else the first.
 */
export function detectCountry<T extends PhoneCountry>(
  phone: string,
  countries: readonly T[],
  current: T | null,
): T | null {
  const digits = phoneDigits(phone)
  if (digits.length === 0) return current
  let best: T[] = []
  for (const country of countries) {
    const code = country.phone_code
    if (!code || !digits.startsWith(code)) continue
    if (best.length === 0 || code.length > best[0]!.phone_code.length) best = [country]
    else if (code.length === best[0]!.phone_code.length) best.push(country)
  }
  if (best.length === 0) return current
  return best.find((country) => country.id === current?.id) ?? best[0]!
}

/** The phone with its calling code replaced by the country's, for when the visitor picks another country. */
export function withCountryCode(phone: string, previous: PhoneCountry | null, next: PhoneCountry): string {
  const digits = phoneDigits(phone)
  const national =
    previous && digits.startsWith(previous.phone_code) ? digits.slice(previous.phone_code.length) : digits
  return `+${next.phone_code}${national}`
}
