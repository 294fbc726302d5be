import { describe, expect, it } from 'vitest'
import { fontColorFor } from '../../contract/labels/label-font-color'
import { labelPalette } from '../../src/business/labels/label-colors'

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((start) => {
      const value = parseInt(hex.slice(start, start + 2), 16) / 255
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

describe('label text colour', () => {
  it('is white on dark backgrounds and dark on light ones', () => {
    expect(fontColorFor('#000000')).toBe('#ffffff')
    expect(fontColorFor('#6b3fd4')).toBe('#ffffff')
    expect(fontColorFor('#ffffff')).toBe('#1d1b26')
    expect(fontColorFor('#f2c94c')).toBe('#1d1b26')
  })

  it('reads at the WCAG AA ratio for normal text on every colour offered', () => {
    for (const color of labelPalette)
      expect(contrast(color, fontColorFor(color)), color).toBeGreaterThanOrEqual(4.5)
  })
})
