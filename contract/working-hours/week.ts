/*
 * A working week: for each day the hours in which a salon is open or a staff member works, as wall-clock times
 * in the company's time zone (how salon staff think of hours; an appointment's instant is worked out from the
 * date and the zone when it is booked, so a daylight-saving change moves nothing here). Pure rules shared by the
 * app's form, which words each problem for the user, and the server, which refuses the same week with 422.
 */

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const
export type Weekday = (typeof weekdays)[number]

/** One stretch of work in a day, as "HH:MM" from 00:00 to 24:00; `end` is later than `start`. */
export interface WorkInterval {
  start: string
  end: string
}

/** One day of the week and its stretches of work, in order; none means a day off. */
export interface WorkDay {
  weekday: Weekday
  intervals: WorkInterval[]
}

/** How many stretches one day may hold: a working day with up to three breaks. */
export const MAX_INTERVALS_PER_DAY = 4

/** "HH:MM" with a 24-hour clock, 00:00 to 23:59, or 24:00 for the end of the day. */
export const CLOCK_TIME_PATTERN = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/

/** Minutes since midnight of a valid "HH:MM". */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number)
  return hours! * 60 + minutes!
}

/** "HH:MM" of minutes since midnight (0 to 1440). */
export function clockTimeOf(minutes: number): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
}

/** What can be wrong with one day's stretches, each with the index of the stretch it is about. */
export type DayProblem =
  | { kind: 'badTime'; index: number }
  | { kind: 'endNotAfterStart'; index: number }
  | { kind: 'overlaps'; index: number }
  | { kind: 'tooMany' }

/**
 * The problems of one day's stretches: a time that is not a clock time, an end not after its start, a stretch
 * that overlaps or touches the one before it (after sorting by start), more than MAX_INTERVALS_PER_DAY.
 */
export function dayProblems(intervals: readonly WorkInterval[]): DayProblem[] {
  const problems: DayProblem[] = []
  if (intervals.length > MAX_INTERVALS_PER_DAY) problems.push({ kind: 'tooMany' })
  intervals.forEach((interval, index) => {
    if (!CLOCK_TIME_PATTERN.test(interval.start) || !CLOCK_TIME_PATTERN.test(interval.end)) {
      problems.push({ kind: 'badTime', index })
    } else if (minutesOf(interval.end) <= minutesOf(interval.start)) {
      problems.push({ kind: 'endNotAfterStart', index })
    }
  })
  if (problems.length > 0) return problems
  const ordered = intervals
    .map((interval, index) => ({ index, start: minutesOf(interval.start), end: minutesOf(interval.end) }))
    .sort((a, b) => a.start - b.start)
  for (let position = 1; position < ordered.length; position += 1) {
    if (ordered[position]!.start <= ordered[position - 1]!.end) {
      problems.push({ kind: 'overlaps', index: ordered[position]!.index })
    }
  }
  return problems
}

/** The stretches of a day sorted by start: how a week is stored and answered. */
export const sortedIntervals = (intervals: readonly WorkInterval[]): WorkInterval[] =>
  [...intervals].sort((a, b) => minutesOf(a.start) - minutesOf(b.start))

/** A full week, Monday first, from the days given (a day not given is a day off), each day's stretches sorted. */
export function fullWeek(days: readonly WorkDay[]): WorkDay[] {
  return weekdays.map((weekday) => ({
    weekday,
    intervals: sortedIntervals(days.find((day) => day.weekday === weekday)?.intervals ?? []),
  }))
}

/** Whether a week has at least one stretch of work. */
export const hasWorkingTime = (days: readonly WorkDay[]) => days.some((day) => day.intervals.length > 0)

/** Minutes of work in a week. */
export const weeklyMinutes = (days: readonly WorkDay[]) =>
  days.reduce(
    (sum, day) =>
      sum +
      day.intervals.reduce(
        (daySum, interval) => daySum + minutesOf(interval.end) - minutesOf(interval.start),
        0,
      ),
    0,
  )
