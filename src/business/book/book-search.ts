import * as v from 'valibot'
import type { Rights } from '../../../contract/access/rights-catalogue'
import type { BookRange } from '../../api/appointments/appointments'
import { isCalendarDate, mondayOf, todayIn } from './book-time'

export const bookViews = ['day', 'week'] as const
export type BookView = (typeof bookViews)[number]

const idParam = v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(999_999_999))

/** The book's address: ?date=YYYY-MM-DD&view=day|week&staff=<id of the week's staff member>&appointment=<open one>. */
export const bookSearchSchema = v.object({
  date: v.optional(v.pipe(v.string(), v.check(isCalendarDate))),
  view: v.optional(v.picklist(bookViews)),
  staff: v.optional(idParam),
  appointment: v.optional(idParam),
})
export type BookSearch = v.InferOutput<typeof bookSearchSchema>

/**
 * The staff members whose columns the book shows a member: everyone, or only those the member's rights limit them
 * to: the one staff member (restricted_master_id) and the staff of one hall or department
 * (restricted_record_group_id); both apply when both are set. The server answers nothing of the others either.
 */
export function bookStaffOf<Member extends { id: number; record_group_id: number | null }>(
  staff: readonly Member[],
  rights: Pick<Rights, 'restricted_master_id' | 'restricted_record_group_id'>,
): Member[] {
  const only = rights.restricted_master_id
  const group = rights.restricted_record_group_id
  return staff.filter(
    (member) => (only === null || member.id === only) && (group === null || member.record_group_id === group),
  )
}

/** The staff member a week shows: the one in the address if they work here, else the first working one. */
export function weekStaffOf(search: Pick<BookSearch, 'staff'>, staff: readonly { id: number }[]) {
  return staff.find((member) => member.id === search.staff)?.id ?? staff[0]?.id
}

/**
 * The part of the book the screen reads: the day (today in the company's zone unless the address names one) of
 * everyone, or the week from its Monday of one staff member. The loader and the screen ask the same.
 */
export function bookRangeOf(
  search: Pick<BookSearch, 'date' | 'view' | 'staff'>,
  timeZone: string,
  staff: readonly { id: number }[],
): BookRange {
  const date = search.date ?? todayIn(timeZone)
  if (search.view === 'week') {
    return { date: mondayOf(date), days: 7, staffId: weekStaffOf(search, staff) }
  }
  return { date, days: 1 }
}
