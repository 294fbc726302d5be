import { and, eq, gt, inArray, lt, ne } from 'drizzle-orm'
import type { FreeSlots } from '../../../contract/appointments/schemas'
import { clockTimeOf, minutesOf, type WorkInterval } from '../../../contract/working-hours/week'
import { nextDate, zonedInstant } from '../../../contract/zoned-time'
import type { Database } from '../../db/database'
import { appointments, resourceBookings, resourceInstances } from '../../db/schema'
import type { BookingPlan } from './booking-plan'

/** Free slots start every quarter of an hour from the start of each working stretch. */
export const SLOT_STEP_MINUTES = 15

interface Span {
  start: number
  end: number
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end

/** What is taken around one day: the staff member's appointments and the bookings of the needed instances. */
export interface DayLoad {
  staffBusy: Span[]
  /** Per needed resource, its instances with their taken spans. */
  resources: { resourceId: number; instances: { id: number; busy: Span[] }[] }[]
}

/**
 * Reads what is taken between two instants: the staff member's live appointments (to their technical break's
 * end) and the bookings of every instance of the needed resources. `exceptAppointmentId` leaves out the
 * appointment being moved.
 */
export async function loadDayLoad(
  db: Database,
  companyId: number,
  staffId: number,
  plan: BookingPlan,
  from: Date,
  to: Date,
  exceptAppointmentId?: number,
): Promise<DayLoad> {
  const taken = await db
    .select({ start: appointments.startAt, end: appointments.busyUntil })
    .from(appointments)
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.staffId, staffId),
        ne(appointments.status, 'cancelled'),
        lt(appointments.startAt, to),
        gt(appointments.busyUntil, from),
        exceptAppointmentId ? ne(appointments.id, exceptAppointmentId) : undefined,
      ),
    )
  const instances =
    plan.resourceIds.length === 0
      ? []
      : await db
          .select({ id: resourceInstances.id, resourceId: resourceInstances.resourceId })
          .from(resourceInstances)
          .where(
            and(
              eq(resourceInstances.companyId, companyId),
              inArray(resourceInstances.resourceId, plan.resourceIds),
            ),
          )
  const bookings =
    instances.length === 0
      ? []
      : await db
          .select({
            instanceId: resourceBookings.instanceId,
            start: resourceBookings.startsAt,
            end: resourceBookings.endsAt,
          })
          .from(resourceBookings)
          .where(
            and(
              eq(resourceBookings.companyId, companyId),
              inArray(
                resourceBookings.instanceId,
                instances.map((instance) => instance.id),
              ),
              lt(resourceBookings.startsAt, to),
              gt(resourceBookings.endsAt, from),
              exceptAppointmentId ? ne(resourceBookings.recordId, exceptAppointmentId) : undefined,
            ),
          )
  return {
    staffBusy: taken.map((row) => ({ start: row.start.getTime(), end: row.end.getTime() })),
    resources: plan.resourceIds.map((resourceId) => ({
      resourceId,
      instances: instances
        .filter((instance) => instance.resourceId === resourceId)
        .map((instance) => ({
          id: instance.id,
          busy: bookings
            .filter((booking) => booking.instanceId === instance.id)
            .map((booking) => ({ start: booking.start.getTime(), end: booking.end.getTime() })),
        })),
    })),
  }
}

/**
 * The instance of each needed resource that is free for the whole appointment (the first by id), or null when
 * some resource has none free.
 */
export function freeInstancesFor(load: DayLoad, span: Span): number[] | null {
  const chosen: number[] = []
  for (const resource of load.resources) {
    const free = resource.instances.find((instance) => !instance.busy.some((busy) => overlaps(busy, span)))
    if (!free) return null
    chosen.push(free.id)
  }
  return chosen
}

/**
 * The stretch of `hours` on `date` that holds the whole appointment from `start` for `durationSec`, as instants;
 * undefined when none does. The technical break may run past the end of the stretch.
 */
export function stretchHolding(
  hours: readonly WorkInterval[],
  date: string,
  timeZone: string,
  start: Date,
  durationSec: number,
): Span | undefined {
  const end = start.getTime() + durationSec * 1000
  for (const interval of hours) {
    const from = zonedInstant(date, minutesOf(interval.start), timeZone)
    const to = zonedInstant(date, minutesOf(interval.end), timeZone)
    if (!from || !to) continue
    if (from.getTime() <= start.getTime() && end <= to.getTime())
      return { start: from.getTime(), end: to.getTime() }
  }
  return undefined
}

/**
 * The free start times of one day: every SLOT_STEP_MINUTES of wall-clock time from the start of each working
 * stretch, as long as the services end within the stretch, the staff member is free from the start to the end of
 * the technical break and every needed resource has a free instance. A wall-clock time that the day does not have
 * (skipped by a daylight-saving change) is no slot; the length is real time, so across the change an hour-long
 * service still takes an hour.
 */
export function freeSlotsOfDay(
  date: string,
  timeZone: string,
  hours: readonly WorkInterval[],
  plan: BookingPlan,
  load: DayLoad,
): FreeSlots {
  const slots: FreeSlots['slots'] = []
  for (const interval of hours) {
    const stretchEnd = zonedInstant(date, minutesOf(interval.end), timeZone)
    if (!stretchEnd) continue
    for (
      let minute = minutesOf(interval.start);
      minute < minutesOf(interval.end);
      minute += SLOT_STEP_MINUTES
    ) {
      const start = zonedInstant(date, minute, timeZone)
      if (!start) continue
      const end = start.getTime() + plan.durationSec * 1000
      if (end > stretchEnd.getTime()) break
      const busy = { start: start.getTime(), end: end + plan.breakSec * 1000 }
      if (load.staffBusy.some((taken) => overlaps(taken, busy))) continue
      if (!freeInstancesFor(load, { start: start.getTime(), end })) continue
      slots.push({ start_at: start.toISOString(), time: clockTimeOf(minute) })
    }
  }
  return {
    date,
    timezone: timeZone,
    duration_sec: plan.durationSec,
    break_sec: plan.breakSec,
    hours: [...hours],
    slots,
  }
}

/** The instants that bound a day in the zone, for loading what is taken on it (with a margin for long breaks). */
export function dayBounds(date: string, timeZone: string): { from: Date; to: Date } {
  const from = zonedInstant(date, 0, timeZone) ?? new Date(`${date}T00:00:00Z`)
  const to = zonedInstant(nextDate(date), 0, timeZone) ?? new Date(`${nextDate(date)}T00:00:00Z`)
  return { from: new Date(from.getTime() - 86_400_000), to: new Date(to.getTime() + 86_400_000) }
}
