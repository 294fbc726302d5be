/**
 * The text colour that reads on a label's background: white on dark colours, near-black on light ones, by the
 * WCAG relative luminance (whichever of the two has the higher contrast ratio).
 */
export function fontColorFor(background: string): '#ffffff' | '#1d1b26' {
  const channel = (hex: string) => {
    const value = parseInt(hex, 16) / 255
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4
  }
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background)
  if (!match) return '#ffffff'
  const luminance = 0.2126 * channel(match[1]!) + 0.7152 * channel(match[2]!) + 0.0722 * channel(match[3]!)
  const darkInk = 0.2126 * channel('1d') + 0.7152 * channel('1b') + 0.0722 * channel('26')
  const onWhite = 1.05 / (luminance + 0.05)
  const onDark = (luminance + 0.05) / (darkInk + 0.05)
  return onWhite >= onDark ? '#ffffff' : '#1d1b26'
}
