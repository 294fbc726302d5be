import { describe, expect, it } from 'vitest'
import { maskEmail } from '../../server/phone/mask-email'
import { detectCountry, maskPhone, normalisePhone } from '../../server/phone/phone-number'

describe('phone numbers', () => {
  it('normalises typed numbers to E.164 digits with their country', () => {
    expect(normalisePhone('+7 (916) 123-45-67')).toMatchObject({ digits: '79161234567', country: 'RU' })
    expect(normalisePhone('8 916 123 45 67')).toMatchObject({ digits: '79161234567', country: 'RU' })
    expect(normalisePhone('+44 7400 123456')).toMatchObject({ digits: '447400123456', country: 'GB' })
    expect(normalisePhone('+7 123')).toBeUndefined()
    expect(normalisePhone('+7 916 123 45 6')).toBeUndefined()
    expect(normalisePhone('phone')).toBeUndefined()
  })

  it('detects the country by the best full-pattern match, else by the longest calling code', () => {
    // +7 is shared: Kazakhstan's numbers match its own pattern, Russia's theirs.
    expect(detectCountry('77012345678')).toBe('KZ')
    expect(detectCountry('79161234567')).toBe('RU')
    // +1 is shared by the NANP: Toronto's area code is Canada's.
    expect(detectCountry('14169791234')).toBe('CA')
    expect(detectCountry('12125551234')).toBe('US')
    // No pattern matches: the main country of the longest calling code that fits.
    expect(detectCountry('3801')).toBe('UA')
    expect(detectCountry('70000')).toBe('RU')
    expect(detectCountry('999')).toBeUndefined()
  })

  it('hides the middle digits and the middle of an e-mail', () => {
    expect(maskPhone('79161234567')).toBe('+7 916*****67')
    expect(maskPhone('447400123456')).toBe('+44 740*****56')
    expect(maskEmail('anna.petrova@example.com')).toBe('an***@example.com')
    expect(maskEmail('al@example.com')).toBe('a***@example.com')
  })
})
