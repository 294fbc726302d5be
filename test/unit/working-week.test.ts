import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  companyWorkingHoursBodySchema,
  staffWorkingHoursBodySchema,
} from '../../contract/working-hours/schemas'
import {
  clockTimeOf,
  dayProblems,
  fullWeek,
  minutesOf,
  type WorkDay,
} from '../../contract/working-hours/week'
import { daysToSend, draftOf, nextInterval, weekProblems } from '../../src/business/working-hours/week-draft'
import { weekSummary } from '../../src/business/working-hours/week-summary'

const stretch = (start: string, end: string) => ({ start, end })

describe('the rules of a working day', () => {
  it('accepts ordered, separate stretches and names each problem with the stretch it is about', () => {
    expect(dayProblems([stretch('10:00', '14:00'), stretch('15:00', '24:00')])).toEqual([])
    expect(dayProblems([stretch('10:00', '09:00')])).toEqual([{ kind: 'endNotAfterStart', index: 0 }])
    expect(dayProblems([stretch('10:00', '10:00')])).toEqual([{ kind: 'endNotAfterStart', index: 0 }])
    expect(dayProblems([stretch('9:30', '12:00'), stretch('12:00', '25:00')])).toEqual([
      { kind: 'badTime', index: 0 },
      { kind: 'badTime', index: 1 },
    ])
    // Listed out of order, the later stretch that overlaps is the one named; touching counts as overlapping.
    expect(dayProblems([stretch('15:00', '20:00'), stretch('10:00', '15:00')])).toEqual([
      { kind: 'overlaps', index: 0 },
    ])
    const five = ['08', '10', '12', '14', '16'].map((hour) => stretch(`${hour}:00`, `${hour}:30`))
    expect(dayProblems(five)).toEqual([{ kind: 'tooMany' }])
  })

  it('reads and writes clock times as minutes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1440 }),
        (minutes) => minutesOf(clockTimeOf(minutes)) === minutes,
      ),
    )
  })

  it('is the same rule on the server: the schemas refuse what the form refuses', () => {
    const day = (intervals: { start: string; end: string }[]) => ({ days: [{ weekday: 1, intervals }] })
    expect(v.safeParse(companyWorkingHoursBodySchema, day([stretch('10:00', '20:00')])).success).toBe(true)
    expect(v.safeParse(companyWorkingHoursBodySchema, day([stretch('20:00', '10:00')])).success).toBe(false)
    expect(
      v.safeParse(companyWorkingHoursBodySchema, day([stretch('10:00', '14:00'), stretch('13:00', '18:00')]))
        .success,
    ).toBe(false)
    // A salon must open on some day; a staff member's week may be empty (a leave).
    expect(v.safeParse(companyWorkingHoursBodySchema, { days: [] }).success).toBe(false)
    expect(v.safeParse(staffWorkingHoursBodySchema, { days: [] }).success).toBe(true)
    expect(
      v.safeParse(staffWorkingHoursBodySchema, {
        days: [
          { weekday: 2, intervals: [] },
          { weekday: 2, intervals: [] },
        ],
      }).success,
    ).toBe(false)
  })
})

/**
 * Weeks whose days are valid: distinct quarter-hour cuts, sorted, taken in pairs, give up to three stretches that
 * neither overlap nor touch.
 */
const validWeek = fc
  .uniqueArray(
    fc.record({
      weekday: fc.constantFrom<WorkDay['weekday']>(1, 2, 3, 4, 5, 6, 7),
      cuts: fc.uniqueArray(fc.integer({ min: 0, max: 96 }), { maxLength: 6 }),
    }),
    { maxLength: 7, selector: (day) => day.weekday },
  )
  .map((days) =>
    days.map((day): WorkDay => {
      const cuts = [...day.cuts].sort((a, b) => a - b)
      const intervals = []
      for (let at = 0; at + 1 < cuts.length; at += 2)
        intervals.push(stretch(clockTimeOf(cuts[at]! * 15), clockTimeOf(cuts[at + 1]! * 15)))
      return { weekday: day.weekday, intervals }
    }),
  )

describe("the week form's draft", () => {
  it('sends back the week it was filled from, days off left out, whatever the week', () => {
    fc.assert(
      fc.property(validWeek, (days) => {
        const week = fullWeek(days)
        const sent = daysToSend(draftOf(week))
        expect(sent).toEqual(week.filter((day) => day.intervals.length > 0))
        expect(weekProblems(draftOf(week), false)).toEqual({ byDay: {}, noWorkingDay: false })
      }),
    )
  })

  it('offers a break an hour after the last stretch ends', () => {
    expect(nextInterval([stretch('10:00', '14:00')])).toEqual(stretch('15:00', '20:00'))
    expect(nextInterval([stretch('10:00', '20:00')])).toEqual(stretch('21:00', '22:00'))
    expect(nextInterval([])).toEqual(stretch('10:00', '20:00'))
  })
})

describe('a week in one line', () => {
  const hours = [stretch('10:00', '21:00')]
  const week = fullWeek(
    [1, 2, 3, 4, 5].map((weekday) => ({ weekday: weekday as WorkDay['weekday'], intervals: hours })),
  )

  it('joins runs of days with the same hours, in the reader language', () => {
    const withWeekend = fullWeek([
      ...week.filter((day) => day.intervals.length > 0),
      { weekday: 6, intervals: [stretch('10:00', '18:00')] },
      { weekday: 7, intervals: [stretch('10:00', '18:00')] },
    ])
    expect(weekSummary(withWeekend, 'en', 'closed')).toBe('Mon–Fri 10:00–21:00; Sat, Sun 10:00–18:00')
    expect(weekSummary(week, 'ru', 'закрыто')).toBe('пн–пт 10:00–21:00')
    expect(weekSummary(fullWeek([]), 'en', 'closed')).toBe('closed')
  })

  it('does not join days that are not next to each other', () => {
    const split = fullWeek([
      { weekday: 1, intervals: hours },
      { weekday: 3, intervals: hours },
    ])
    expect(weekSummary(split, 'en', 'closed')).toBe('Mon 10:00–21:00; Wed 10:00–21:00')
  })
})
