import { describe, expect, it } from 'vitest'
import { detectCountry, internationalPhone, withCountryCode } from '../../src/flows/onboarding/phone-country'

// The countries as GET /countries lists them: Kazakhstan before Russia, as an alphabetical list would have it.
const kazakhstan = { id: 2, iso_code: 'KZ', phone_code: '7' }
const russia = { id: 1, iso_code: 'RU', phone_code: '7' }
const india = { id: 91, iso_code: 'IN', phone_code: '91' }
const countries = [kazakhstan, india, russia]

describe('the chosen country and the typed phone', () => {
  it('keeps Russia for +7 9xx, whichever +7 country the list names first', () => {
    for (const typed of ['+7 9', '+7 916', '+7 916 123-45-67']) {
      expect(detectCountry(typed, countries, russia)?.iso_code).toBe('RU')
      expect(detectCountry(typed, countries, kazakhstan)?.iso_code).toBe('RU')
    }
  })

  it('moves to Kazakhstan for +7 7xx, which is its range', () => {
    expect(detectCountry('+7 701 123 45 67', countries, russia)?.iso_code).toBe('KZ')
  })

  it('reads a national number in the chosen country instead of guessing a calling code from its digits', () => {
    expect(detectCountry('9161234567', countries, russia)?.iso_code).toBe('RU')
    expect(detectCountry('8 916 123-45-67', countries, russia)?.iso_code).toBe('RU')
  })

  it('sends a national number in international form, read in the chosen country', () => {
    expect(internationalPhone('9161234567', russia)).toBe('+79161234567')
    expect(internationalPhone('8 916 123-45-67', russia)).toBe('+79161234567')
    expect(internationalPhone('701 123 45 67', kazakhstan)).toBe('+77011234567')
    expect(internationalPhone('+7 916 123-45-67', kazakhstan)).toBe('+79161234567')
    expect(internationalPhone('  ', russia)).toBe('')
  })

  it('leaves a national number alone when another country is chosen', () => {
    expect(withCountryCode('9161234567', russia, india)).toBe('9161234567')
    expect(withCountryCode('+7 916 1234567', russia, india)).toBe('+919161234567')
  })
})
