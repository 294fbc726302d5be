import { nextDate, wallClockOf } from '../../../contract/zoned-time'

/** How many days the page offers to pick from, starting today in the salon's time zone. */
export const DAYS_OFFERED = 14

/** The dates the page offers (YYYY-MM-DD), in the salon's time zone. */
export function offeredDates(timeZone: string, now = new Date()): string[] {
  const today = wallClockOf(now, timeZone).date
  return Array.from({ length: DAYS_OFFERED }, (_, index) => nextDate(today, index))
}

/** A date as a short day label in the client's language: "Thu, 26 Nov". */
export function dayLabel(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`))
}

/** An instant as the salon's date and time in the client's language. */
export function momentLabel(instant: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    new Date(instant),
  )
}
