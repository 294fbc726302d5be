import { describe, expect, it } from 'vitest'
import { currencySign, formatMoney, formatPriceRange } from '../../src/i18n/format-money'

describe('amounts in the company’s currency (SPEC.md section 5: up to 2 decimals, spaces between thousands)', () => {
  it('writes an amount with the currency’s sign, the same in every language', () => {
    expect(formatMoney(14800, 'RUB')).toBe('14 800 ₽')
    expect(formatMoney(-15400.5, 'RUB')).toBe('-15 400.5 ₽')
    expect(formatMoney(1234567.891, 'EUR')).toBe('1 234 567.89 €')
    expect(formatMoney(0, 'USD')).toBe('0 $')
  })

  it('writes a price range once with the sign, and a single price when the range is empty or upside down', () => {
    expect(formatPriceRange(2500, 4000, 'RUB')).toBe('2 500–4 000 ₽')
    expect(formatPriceRange(1500, 1500, 'RUB')).toBe('1 500 ₽')
    expect(formatPriceRange(1500, 0, 'RUB')).toBe('1 500 ₽')
  })

  it('keeps a currency title that is not an ISO code as it is, and writes the bare number without one', () => {
    expect(currencySign('KZT')).toBe('₸')
    expect(currencySign('руб.')).toBe('руб.')
    expect(formatPriceRange(100, 200, 'руб.')).toBe('100–200 руб.')
    expect(formatMoney(1000, '')).toBe('1 000')
  })
})
