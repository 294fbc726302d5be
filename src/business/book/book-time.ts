import type { Appointment } from '../../../contract/appointments/schemas'
import { minutesOf } from '../../../contract/working-hours/week'
import { nextDate, wallClockOf, weekdayOf } from '../../../contract/zoned-time'

/** The book's rows are quarter hours; a click on an empty place offers the half hour it falls in. */
export const SLOT_MINUTES = 30

/** Today's date (YYYY-MM-DD) in the company's time zone. */
export const todayIn = (timeZone: string, now = new Date()) => wallClockOf(now, timeZone).date

/** The Monday of the week that holds `date`. */
export const mondayOf = (date: string) => nextDate(date, 1 - weekdayOf(date))

/** The seven dates of the week that holds `date`, Monday first. */
export const weekOf = (date: string) =>
  Array.from({ length: 7 }, (_, index) => nextDate(mondayOf(date), index))

/** Where an appointment lies on the company's wall clock: its date and its start and end in minutes of that date. */
export function placeOf(appointment: Pick<Appointment, 'start_at' | 'end_at'>, timeZone: string) {
  const start = wallClockOf(new Date(appointment.start_at), timeZone)
  const end = wallClockOf(new Date(appointment.end_at), timeZone)
  // An appointment past midnight is drawn to the end of its first day.
  const endMinutes = end.date === start.date ? end.minutes : 24 * 60
  return { date: start.date, start: start.minutes, end: Math.max(endMinutes, start.minutes + 5) }
}

/**
 * The hours the book's axis spans: from the earliest opening to the latest closing of the salon's week, widened
 * to whole hours and to any appointment outside them; 09:00 to 21:00 when the salon has no hours yet.
 */
export function axisOf(
  week: readonly { intervals: readonly { start: string; end: string }[] }[],
  places: readonly { start: number; end: number }[],
): { from: number; to: number } {
  const stretches = week.flatMap((day) => day.intervals)
  let from = stretches.length > 0 ? Math.min(...stretches.map((item) => minutesOf(item.start))) : 9 * 60
  let to = stretches.length > 0 ? Math.max(...stretches.map((item) => minutesOf(item.end))) : 21 * 60
  for (const place of places) {
    from = Math.min(from, place.start)
    to = Math.max(to, place.end)
  }
  return { from: Math.floor(from / 60) * 60, to: Math.min(24 * 60, Math.ceil(to / 60) * 60) }
}

/** "HH:MM" of minutes after midnight. */
export const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** The date in the user's language, such as "Thursday, 26 November". */
export function dateTitle(date: string, locale: string, weekday: 'long' | 'short' = 'long') {
  return new Intl.DateTimeFormat(locale, {
    weekday,
    day: 'numeric',
    month: weekday === 'long' ? 'long' : 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`))
}

/** Whether a string is a real calendar date YYYY-MM-DD. */
export const isCalendarDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value
