import type { WorkDay } from '../../../contract/working-hours/week'

/** A Monday, so that weekday n (1 = Monday) is this date plus n - 1 days. */
const A_MONDAY = Date.UTC(2024, 0, 1)

/** The short name of an ISO weekday in a locale ("Mon", "пн"). */
export function weekdayShortName(weekday: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(A_MONDAY + (weekday - 1) * 86_400_000),
  )
}

/** The full name of an ISO weekday in a locale, capitalised as a row label ("Monday", "Понедельник"). */
export function weekdayName(weekday: number, locale: string): string {
  const name = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(A_MONDAY + (weekday - 1) * 86_400_000),
  )
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1)
}

const hoursOf = (day: WorkDay) =>
  day.intervals.map((interval) => `${interval.start}–${interval.end}`).join(', ')

/**
 * A week in one line, runs of consecutive days with the same hours joined: "Mon–Fri 10:00–21:00; Sat, Sun
 * 10:00–18:00". Days off are left out; a week without work reads as `offText`.
 */
export function weekSummary(days: readonly WorkDay[], locale: string, offText: string): string {
  const runs: { first: number; last: number; hours: string }[] = []
  for (const day of days) {
    if (day.intervals.length === 0) continue
    const hours = hoursOf(day)
    const previous = runs.at(-1)
    if (previous && previous.hours === hours && previous.last === day.weekday - 1) previous.last = day.weekday
    else runs.push({ first: day.weekday, last: day.weekday, hours })
  }
  if (runs.length === 0) return offText
  const name = (weekday: number) => weekdayShortName(weekday, locale)
  return runs
    .map(({ first, last, hours }) => {
      const span =
        first === last
          ? name(first)
          : last === first + 1
            ? `${name(first)}, ${name(last)}`
            : `${name(first)}–${name(last)}`
      return `${span} ${hours}`
    })
    .join('; ')
}
