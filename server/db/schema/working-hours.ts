import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, smallint, unique } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { companyId } from './tenant-columns'
import { staff } from './core'

/**
 * A weekly template of working hours that has been set: the salon's opening hours (no staff member) or one staff
 * member's own week. The row itself says "this week was saved", so a week without stretches (a staff member on
 * leave) differs from no week at all (the salon has not set its hours; the member follows the salon's). Every
 * write upserts this row first, and the row lock it takes serialises all writes of one week.
 */
export const workingWeeks = pgTable(
  'working_weeks',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    /** Null for the salon's own opening hours. */
    staffId: integer('staff_id').references(() => staff.id),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  // NULLS NOT DISTINCT (PostgreSQL 15 and later) makes the salon's own week, with no staff member, unique too.
  (table) => [
    unique('working_weeks_company_staff_unique').on(table.companyId, table.staffId).nullsNotDistinct(),
  ],
)

/**
 * One stretch of work in a week: a weekday (1 Monday to 7 Sunday) and wall-clock minutes since midnight in the
 * company's time zone, so that a daylight-saving change moves nothing. The checks repeat the shared rules
 * (contract/working-hours/week.ts) as the last line of defence.
 */
export const workingHours = pgTable(
  'working_hours',
  {
    id: serial('id').primaryKey(),
    weekId: integer('week_id')
      .notNull()
      .references(() => workingWeeks.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (table) => [
    index('working_hours_week_idx').on(table.weekId),
    check('working_hours_weekday_check', sql`${table.weekday} between 1 and 7`),
    check('working_hours_start_check', sql`${table.startMinute} between 0 and 1439`),
    check('working_hours_end_check', sql`${table.endMinute} between 1 and 1440`),
    check('working_hours_order_check', sql`${table.startMinute} < ${table.endMinute}`),
  ],
)
