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
