/**
 * Formats a number with up to 2 decimals and plain spaces between thousands (SPEC.md section 5),
 * the same in every language: 1234567.891 → "1 234 567.89".
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return ''
  const rounded = Math.round(value * 100) / 100
  const [whole = '0', fraction] = Math.abs(rounded).toFixed(2).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
  const decimals = fraction?.replace(/0+$/, '') ?? ''
  const sign = rounded < 0 ? '-' : ''
  return decimals ? `${sign}${grouped}.${decimals}` : `${sign}${grouped}`
}
