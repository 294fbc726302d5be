import {
  dayProblems,
  hasWorkingTime,
  weekdays,
  type DayProblem,
  type WorkDay,
  type WorkInterval,
  type Weekday,
} from '../../../contract/working-hours/week'

/**
 * One day of a week as the form holds it. A closed day keeps the stretches it had, so opening it again brings
 * them back. Times are what a native time input holds: "HH:MM" from 00:00 to 23:59, an end of 00:00 meaning
 * midnight at the end of the day (24:00 to the server).
 */
export interface DraftDay {
  weekday: Weekday
  open: boolean
  intervals: WorkInterval[]
}

/** The stretch a day gets when it is opened with nothing to bring back. */
export const usualDay: WorkInterval = { start: '10:00', end: '20:00' }

const MIDNIGHT_END = '24:00'
const asInputTime = (end: string) => (end === MIDNIGHT_END ? '00:00' : end)
const asServerEnd = (end: string) => (end === '00:00' ? MIDNIGHT_END : end)

/** The form's week from a week as the server answers it (all seven days, Monday first). */
export function draftOf(days: readonly WorkDay[]): DraftDay[] {
  return weekdays.map((weekday) => {
    const intervals = days.find((day) => day.weekday === weekday)?.intervals ?? []
    return intervals.length > 0
      ? {
          weekday,
          open: true,
          intervals: intervals.map((interval) => ({ start: interval.start, end: asInputTime(interval.end) })),
        }
      : { weekday, open: false, intervals: [usualDay] }
  })
}

/** The week to send: the open days with their stretches; a closed day is left out (a day off). */
export function daysToSend(draft: readonly DraftDay[]): WorkDay[] {
  return draft
    .filter((day) => day.open)
    .map((day) => ({
      weekday: day.weekday,
      intervals: day.intervals.map((interval) => ({ start: interval.start, end: asServerEnd(interval.end) })),
    }))
}

/** What is wrong with the form's week: each open day's problems, and whether a week that must have work has none. */
export interface WeekProblems {
  byDay: Partial<Record<Weekday, DayProblem[]>>
  noWorkingDay: boolean
}

export function weekProblems(draft: readonly DraftDay[], mustHaveWork: boolean): WeekProblems {
  const sent = daysToSend(draft)
  const byDay: WeekProblems['byDay'] = {}
  for (const day of sent) {
    const problems = dayProblems(day.intervals)
    if (problems.length > 0) byDay[day.weekday] = problems
  }
  return { byDay, noWorkingDay: mustHaveWork && !hasWorkingTime(sent) }
}

export const hasProblems = (problems: WeekProblems) =>
  problems.noWorkingDay || Object.keys(problems.byDay).length > 0

/** The week with one day changed. */
export const withDay = (draft: readonly DraftDay[], changed: DraftDay) =>
  draft.map((day) => (day.weekday === changed.weekday ? changed : day))

/** Every open day gets the stretches of `source` (the owner sets Monday, then copies it to the week). */
export const copiedToOpenDays = (draft: readonly DraftDay[], source: DraftDay): DraftDay[] =>
  draft.map((day) =>
    day.open ? { ...day, intervals: source.intervals.map((interval) => ({ ...interval })) } : day,
  )

/**
 * A new stretch after the day's last one: from an hour after it ends to 20:00 (or an hour later when that is
 * past), the usual shape of a split day; the usual day on a day that has none.
 */
export function nextInterval(intervals: readonly WorkInterval[]): WorkInterval {
  const last = intervals.at(-1)
  if (!last) return usualDay
  const lastEnd = asServerEnd(last.end)
  const startHour = Math.min(Number(lastEnd.slice(0, 2)) + 1, 23)
  const endHour = Math.max(startHour + 1, 20)
  const clock = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`
  return { start: clock(startHour), end: clock(endHour) }
}
