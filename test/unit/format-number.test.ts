import { describe, expect, it } from 'vitest'
import { formatNumber } from '../../src/i18n/format-number'

describe('formatNumber (SPEC.md section 5)', () => {
  it.each([
    [1234567.891, '1 234 567.89'],
    [0.5, '0.5'],
    [-1000, '-1 000'],
    [12.3, '12.3'],
    [1000, '1 000'],
    [999, '999'],
    [0, '0'],
    [1.006, '1.01'],
    [-0.001, '0'],
    [100000.1, '100 000.1'],
  ])('%s → %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected)
  })

  it('is empty for values that are not numbers', () => {
    expect(formatNumber(Number.NaN)).toBe('')
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('')
  })
})
