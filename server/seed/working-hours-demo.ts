import { and, eq, inArray } from 'drizzle-orm'
import type { WorkDay } from '../../contract/working-hours/week'
import { minutesOf } from '../../contract/working-hours/week'
import type { Database } from '../db/database'
import { companies, staff, workingHours, workingWeeks } from '../db/schema'

const hours = (start: string, end: string) => [{ start, end }]

/** Every demo salon's opening hours: long weekdays, shorter weekends. */
const SALON_WEEK: WorkDay[] = [
  { weekday: 1, intervals: hours('10:00', '21:00') },
  { weekday: 2, intervals: hours('10:00', '21:00') },
  { weekday: 3, intervals: hours('10:00', '21:00') },
  { weekday: 4, intervals: hours('10:00', '21:00') },
  { weekday: 5, intervals: hours('10:00', '21:00') },
  { weekday: 6, intervals: hours('10:00', '18:00') },
  { weekday: 7, intervals: hours('10:00', '18:00') },
]

/**
 * The one staff member with a week of their own, so the staff list shows both kinds: a colorist who works Tuesday
 * to Saturday, with a long break on Wednesday. Everyone else follows the salon's hours.
 */
const OWN_WEEK = {
  salon: 'Beauty Line — Tverskaya',
  staffName: 'Olga Petrova',
  days: [
    { weekday: 2, intervals: hours('11:00', '20:00') },
    {
      weekday: 3,
      intervals: [
        { start: '10:00', end: '14:00' },
        { start: '16:00', end: '21:00' },
      ],
    },
    { weekday: 4, intervals: hours('11:00', '20:00') },
    { weekday: 5, intervals: hours('11:00', '20:00') },
    { weekday: 6, intervals: hours('10:00', '18:00') },
  ] satisfies WorkDay[],
}

async function insertWeek(db: Database, companyId: number, staffId: number | null, days: WorkDay[]) {
  const [week] = await db.insert(workingWeeks).values({ companyId, staffId }).returning()
  await db.insert(workingHours).values(
    days.flatMap((day) =>
      day.intervals.map((interval) => ({
        weekId: week!.id,
        companyId,
        weekday: day.weekday,
        startMinute: minutesOf(interval.start),
        endMinute: minutesOf(interval.end),
      })),
    ),
  )
}

/**
 * Gives each demo salon (by title) its opening hours, so a demo account never meets an unset week, and one staff
 * member a week of their own. Only companies of type salon: a chain's own company row has no opening hours.
 */
export async function seedWorkingHoursDemo(db: Database, salonTitles: string[]): Promise<void> {
  const salons = await db
    .select({ id: companies.id, title: companies.title })
    .from(companies)
    .where(and(inArray(companies.title, salonTitles), eq(companies.type, 'salon')))
  for (const salon of salons) await insertWeek(db, salon.id, null, SALON_WEEK)
  const ownWeekSalon = salons.find((salon) => salon.title === OWN_WEEK.salon)
  if (!ownWeekSalon) return
  const [member] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.companyId, ownWeekSalon.id), eq(staff.name, OWN_WEEK.staffName)))
  if (member) await insertWeek(db, ownWeekSalon.id, member.id, OWN_WEEK.days)
}
