/**
 * Number formats by locale and currency, made once each: making an Intl.NumberFormat costs far more than using
 * one (on a slow phone, the booking page's list of services spent 100 ms making one per row).
 */
const formats = new Map<string, Intl.NumberFormat | null>()

/** A locale's format of whole amounts in a currency (none: a plain number); null for a code Intl does not know. */
function amountFormat(locale: string, currency?: string): Intl.NumberFormat | null {
  const key = `${locale} ${currency ?? ''}`
  let format = formats.get(key)
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(
        locale,
        currency ? { style: 'currency', currency, maximumFractionDigits: 0 } : { maximumFractionDigits: 0 },
      )
    } catch {
      format = null
    }
    formats.set(key, format)
  }
  return format
}

/** A price or a price range in the company's currency: "2 500 ₽", "2 500–4 000 ₽". */
export function formatPrice(locale: string, currency: string, min: number, max: number): string {
  const format = amountFormat(locale, currency)
  if (format) return max > min ? format.formatRange(min, max) : format.format(min)
  // A currency code Intl does not know: the number, then the code.
  const number = amountFormat(locale)!
  return max > min
    ? `${number.format(min)}–${number.format(max)} ${currency}`
    : `${number.format(min)} ${currency}`
}
