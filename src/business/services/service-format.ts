import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

const MINUTE = 60
const HOUR = 60 * MINUTE

/** Seconds as the duration form shows them: whole hours and the minutes left (SPEC.md section 3). */
export const hoursAndMinutes = (seconds: number) => ({
  hours: Math.floor(seconds / HOUR),
  minutes: Math.floor((seconds % HOUR) / MINUTE),
})

export const secondsOf = (hours: number, minutes: number) => hours * HOUR + minutes * MINUTE

/** "1 h 30 min", "45 min", "2 h", in the user's language. */
export function formatDuration(i18n: I18n, seconds: number): string {
  const { hours, minutes } = hoursAndMinutes(seconds)
  if (hours === 0) return i18n._(msg`${minutes} min`)
  if (minutes === 0) return i18n._(msg`${hours} h`)
  return i18n._(msg`${hours} h ${minutes} min`)
}

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
