import * as v from 'valibot'
import { idParamSchema } from '../id-params'
import {
  CLOCK_TIME_PATTERN,
  dayProblems,
  hasWorkingTime,
  MAX_INTERVALS_PER_DAY,
  weekdays,
  type WorkDay,
} from './week'

const clockTime = v.pipe(
  v.string(/*i18n*/ 'must be a time such as 09:30'),
  v.regex(CLOCK_TIME_PATTERN, /*i18n*/ 'must be a time from 00:00 to 24:00 such as 09:30'),
)

export const workIntervalSchema = v.strictObject(
  { start: clockTime, end: clockTime },
  /*i18n*/ 'has unknown fields',
)

const dayProblemMessages = {
  badTime: 'must be times from 00:00 to 24:00',
  endNotAfterStart: 'each stretch must end after it starts',
  overlaps: 'stretches of one day must not overlap or touch',
  tooMany: `a day holds at most ${MAX_INTERVALS_PER_DAY} stretches`,
} as const

export const workDaySchema = v.pipe(
  v.strictObject(
    {
      weekday: v.picklist(weekdays, /*i18n*/ 'must be a weekday from 1 (Monday) to 7 (Sunday)'),
      intervals: v.pipe(
        v.array(workIntervalSchema, /*i18n*/ 'must be a list of stretches'),
        v.maxLength(MAX_INTERVALS_PER_DAY, dayProblemMessages.tooMany),
      ),
    },
    /*i18n*/ 'has unknown fields',
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    // A day whose own fields are already refused (a bad time, too many stretches) gets no second message here.
    if (!dataset.typed || dataset.issues) return
    const [problem] = dayProblems(dataset.value.intervals)
    if (problem) addIssue({ message: dayProblemMessages[problem.kind] })
  }),
)

/**
 * The days of a week as a request sends them: each weekday at most once, a weekday left out is a day off. More
 * than seven days always repeat one, so the one check says both (a length limit would say it twice).
 */
const weekDaysSchema = v.pipe(
  v.array(workDaySchema, /*i18n*/ 'must be a list of days'),
  v.check(
    (days) => new Set(days.map((day) => day.weekday)).size === days.length,
    /*i18n*/ 'names each weekday at most once',
  ),
)

/** PUT /company/{company}/working_hours: the salon's opening hours; a salon is open on at least one day. */
export const companyWorkingHoursBodySchema = v.strictObject(
  {
    days: v.pipe(
      weekDaysSchema,
      v.check(
        (days: WorkDay[]) => hasWorkingTime(days),
        /*i18n*/ 'the salon must be open on at least one day',
      ),
    ),
  },
  /*i18n*/ 'has unknown fields',
)
export type CompanyWorkingHoursBody = v.InferOutput<typeof companyWorkingHoursBodySchema>

/** The staff member named in the path of PUT and DELETE /company/{company}/staff/{staffId}/working_hours. */
export const staffWorkingHoursParamsSchema = v.looseObject({ staffId: idParamSchema })

/** PUT /company/{company}/staff/{staff}/working_hours: a staff member's own week; an empty week is a leave. */
export const staffWorkingHoursBodySchema = v.strictObject(
  { days: weekDaysSchema },
  /*i18n*/ 'has unknown fields',
)
export type StaffWorkingHoursBody = v.InferOutput<typeof staffWorkingHoursBodySchema>

const replyDaySchema = v.object({
  weekday: v.picklist(weekdays),
  intervals: v.array(v.object({ start: v.string(), end: v.string() })),
})

/**
 * GET and PUT /company/{company}/working_hours: the salon's week, Monday first, all seven days; `is_set` is
 * false until someone saves the hours (the week is then empty), and `timezone` is the zone the times are in.
 */
export const companyWorkingHoursSchema = v.object({
  days: v.array(replyDaySchema),
  is_set: v.boolean(),
  timezone: v.string(),
})
export type CompanyWorkingHours = v.InferOutput<typeof companyWorkingHoursSchema>

/**
 * One staff member's week as GET /company/{company}/staff_working_hours lists it and the staff writes answer
 * it: their own hours, or (`follows_company`) the salon's opening hours until they get their own.
 */
export const staffWorkingHoursSchema = v.object({
  staff_id: v.number(),
  follows_company: v.boolean(),
  days: v.array(replyDaySchema),
})
export type StaffWorkingHours = v.InferOutput<typeof staffWorkingHoursSchema>
export const staffWorkingHoursListSchema = v.array(staffWorkingHoursSchema)
