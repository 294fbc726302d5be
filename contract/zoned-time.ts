/*
 * Wall-clock time in a company's time zone and the instants it names, by the platform's own time-zone database
 * (Intl, which Node and every browser ship with ICU's copy of the IANA zones): no library to keep in step with
 * the zone rules. Working hours are wall-clock times; appointments are instants; these two functions go between.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The wall clock in `timeZone` at an instant: the date (YYYY-MM-DD) and minutes since that date's midnight. */
export function wallClockOf(instant: Date, timeZone: string): { date: string; minutes: number } {
  const parts = formatterOf(timeZone).formatToParts(instant)
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '00'
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  }
}

/** How far `timeZone` is ahead of UTC at the instant `utcMs`, in milliseconds. */
export function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = formatterOf(timeZone).formatToParts(new Date(utcMs))
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value)
  const wallClockAsUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  )
  return wallClockAsUtc - Math.floor(utcMs / 1000) * 1000
}

/**
 * The instant at which the wall clock in `timeZone` shows `minutes` after midnight of `date` (YYYY-MM-DD), or null
 * when that wall-clock time does not exist (skipped by a daylight-saving change, 02:30 on the spring-forward night
 * in Berlin). Of a time that happens twice (the autumn hour), the first.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date | null {
  if (minutes >= 1440) return zonedInstant(nextDate(date), minutes - 1440, timeZone)
  const asUtc = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000
  // Two passes settle the offset near daylight-saving changes; the earlier offset wins for a repeated hour.
  const firstGuess = asUtc - zoneOffsetMs(asUtc, timeZone)
  const candidates = [
    firstGuess,
    asUtc - zoneOffsetMs(firstGuess, timeZone),
    asUtc - zoneOffsetMs(firstGuess - 3_600_000, timeZone),
  ]
  const matching = candidates
    .filter((candidate) => {
      const wall = wallClockOf(new Date(candidate), timeZone)
      return wall.date === date.slice(0, 10) && wall.minutes === minutes
    })
    .sort((a, b) => a - b)
  return matching.length > 0 ? new Date(matching[0]!) : null
}

/** The calendar date after `date` (YYYY-MM-DD). */
export function nextDate(date: string, days = 1): string {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000)
  return next.toISOString().slice(0, 10)
}

/** The ISO weekday (1 Monday to 7 Sunday) of a date (YYYY-MM-DD). */
export function weekdayOf(date: string): 1 | 2 | 3 | 4 | 5 | 6 | 7 {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay()
  return (day === 0 ? 7 : day) as 1 | 2 | 3 | 4 | 5 | 6 | 7
}

/** Whether a string names a time zone this platform knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone)
    return true
  } catch {
    return false
  }
}
