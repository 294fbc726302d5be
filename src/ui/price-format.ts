/** A price or a price range in the company's currency: "2 500 ₽", "2 500–4 000 ₽". */
export function formatPrice(locale: string, currency: string, min: number, max: number): string {
  let format: Intl.NumberFormat
  try {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 })
  } catch {
    // A currency code Intl does not know: the number, then the code.
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
    return max > min
      ? `${format.format(min)}–${format.format(max)} ${currency}`
      : `${format.format(min)} ${currency}`
  }
  return max > min ? format.formatRange(min, max) : format.format(min)
}
