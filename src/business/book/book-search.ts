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
 * The staff members whose columns the book shows a member: everyone, or only the one staff member the member's
 * rights limit them to (restricted_master_id; the server answers nothing of the others either).
 */
export function bookStaffOf<Member extends { id: number }>(
  staff: readonly Member[],
  rights: Pick<Rights, 'restricted_master_id'>,
): Member[] {
  const only = rights.restricted_master_id
  return only === null ? [...staff] : staff.filter((member) => member.id === only)
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
