import type { OnlineFreeTimes } from '../../contract/online-booking/schemas'
import { nextDate, wallClockOf } from '../../contract/zoned-time'
import type { Database } from '../db/database'
import { dayHours, planBooking } from '../business/appointments/booking-plan'
import { dayBounds, freeSlotsOfDay, loadDayLoad } from '../business/appointments/free-slots'
import { candidatesFor, onlineCompany } from './online-catalogue'

/** A client books at least this long ahead: the salon needs a moment to see a new booking. */
export const ONLINE_LEAD_MINUTES = 30
/** And at most this many days ahead: further out, the staff's hours are rarely settled. */
export const ONLINE_HORIZON_DAYS = 60

/** The free start times of one staff member on one date, as the workspace's free slots compute them. */
export async function staffFreeSlots(
  db: Database,
  companyId: number,
  staffId: number,
  serviceIds: readonly number[],
  date: string,
  timeZone: string,
) {
  const plan = await planBooking(db, companyId, staffId, serviceIds)
  const hours = await dayHours(db, companyId, staffId, date)
  const bounds = dayBounds(date, timeZone)
  const load = await loadDayLoad(db, companyId, staffId, plan, bounds.from, bounds.to)
  return freeSlotsOfDay(date, timeZone, hours, plan, load).slots
}

/** Whether an instant is one a client may book now: past the lead time and within the horizon. */
export function withinBookingWindow(startAt: Date, timeZone: string, now = new Date()): boolean {
  if (startAt.getTime() < now.getTime() + ONLINE_LEAD_MINUTES * 60_000) return false
  const last = nextDate(wallClockOf(now, timeZone).date, ONLINE_HORIZON_DAYS)
  return wallClockOf(startAt, timeZone).date <= last
}

/**
 * GET /b2c/{companyId}/free_times: the start times of a date at which the staff member (or, for anyone, at least
 * one of the staff who provide all the services) is free for them, without saying who.
 */
export async function onlineFreeTimes(
  db: Database,
  companyId: number,
  query: { service_ids: number[]; staff_id: number | 'any'; date: string },
  now = new Date(),
): Promise<OnlineFreeTimes> {
  const company = await onlineCompany(db, companyId)
  const timeZone = company.timezone
  const staffIds = await candidatesFor(
    db,
    companyId,
    query.service_ids,
    query.staff_id === 'any' ? null : query.staff_id,
  )
  const byStart = new Map<string, { start_at: string; time: string }>()
  for (const staffId of staffIds) {
    const slots = await staffFreeSlots(db, companyId, staffId, query.service_ids, query.date, timeZone)
    for (const slot of slots) {
      if (withinBookingWindow(new Date(slot.start_at), timeZone, now)) byStart.set(slot.start_at, slot)
    }
  }
  const slots = [...byStart.values()].sort((a, b) => a.start_at.localeCompare(b.start_at))
  return { date: query.date, timezone: timeZone, slots }
}
