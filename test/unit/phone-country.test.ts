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

describe('the country of a number its digits cannot tell yet', () => {
  const britain = { id: 1040, iso_code: 'gb', phone_code: '44' }
  const isleOfMan = { id: 1050, iso_code: 'IM', phone_code: '441624' }
  const noCode = { id: 5, iso_code: 'AQ', phone_code: '' }

  it('keeps the chosen country while the field holds no digits or a national number', () => {
    expect(detectCountry('', countries, russia)).toBe(russia)
    expect(detectCountry('+', countries, india)).toBe(india)
    expect(detectCountry('916', countries, india)).toBe(india)
  })

  it('reads a number typed after a space in international form', () => {
    expect(detectCountry(' +7 701 123 45 67', countries, india)?.iso_code).toBe('KZ')
    expect(internationalPhone(' +7 916 123-45-67', kazakhstan)).toBe('+79161234567')
  })

  it('names the country however the list spells its ISO code', () => {
    expect(detectCountry('+44 20 7946 0958', [britain, isleOfMan], null)).toBe(britain)
  })

  it('keeps the chosen country while its calling code fits the digits typed so far', () => {
    expect(detectCountry('+7', countries, russia)).toBe(russia)
    expect(detectCountry('+7 1', countries, russia)).toBe(russia)
    expect(detectCountry('+7 1', countries, kazakhstan)).toBe(kazakhstan)
  })

  it('takes the first listed country of a shared calling code when none of them is chosen', () => {
    expect(detectCountry('+7', countries, null)).toBe(kazakhstan)
    expect(detectCountry('+7', countries, india)).toBe(kazakhstan)
  })

  it('takes the longest calling code that starts the digits', () => {
    // "+44" alone could still be Britain, Guernsey, Jersey or the Isle of Man; "4" stands for a listed country
    // whose shorter code also fits.
    const shorter = { id: 4, iso_code: 'ZZ', phone_code: '4' }
    expect(detectCountry('+44', [shorter, isleOfMan, britain], null)).toBe(britain)
    expect(detectCountry('+44', [britain, isleOfMan, shorter, noCode], null)).toBe(britain)
  })

  it('keeps the chosen country when no listed calling code fits, and never picks a country without one', () => {
    expect(detectCountry('+1 212 555 0191', [noCode, ...countries], russia)).toBe(russia)
    expect(detectCountry('+999', [noCode, ...countries], null)).toBeNull()
  })
})

describe('the number sent for what was typed', () => {
  // A country whose numbering libphonenumber does not know: only its calling code can be relied on.
  const kosovoUnknown = { id: 383, iso_code: 'ZZ', phone_code: '383' }

  it('puts a plus before the digits when no country is chosen', () => {
    expect(internationalPhone('7 916 123 45 67', null)).toBe('+79161234567')
  })

  it('adds the calling code to a number it cannot read, unless the number starts with it', () => {
    expect(internationalPhone('44 123 456', kosovoUnknown)).toBe('+38344123456')
    expect(internationalPhone('383 44 123 456', kosovoUnknown)).toBe('+38344123456')
    expect(internationalPhone('9', russia)).toBe('+79')
  })

  it('swaps the calling code of an international number, and keeps the digits when none was chosen', () => {
    expect(withCountryCode('+44 20 7946', russia, india)).toBe('+9144207946')
    expect(withCountryCode('+7 916', null, india)).toBe('+917916')
    expect(withCountryCode('+7 916', russia, india)).toBe('+91916')
  })
})
