import { and, asc, eq, inArray } from 'drizzle-orm'
import type { WorkInterval } from '../../../contract/working-hours/week'
import { clockTimeOf, minutesOf } from '../../../contract/working-hours/week'
import { weekdayOf } from '../../../contract/zoned-time'
import type { Database } from '../../db/database'
import {
  companies,
  companySettings,
  serviceCompositeLinks,
  serviceResources,
  services,
  serviceStaff,
  staff,
  workingHours,
  workingHoursExceptions,
  workingWeeks,
} from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import { EMPLOYEE_NOT_FOUND } from '../staff/staff-scope'

/** One service to perform, in order: its own time for the staff member, and the composite it belongs to. */
export interface PlannedPart {
  serviceId: number
  title: string
  compositeId: number | null
  lengthSec: number
}

/** What booking some services with one staff member takes: the parts in sequence, the break and the resources. */
export interface BookingPlan {
  parts: PlannedPart[]
  durationSec: number
  breakSec: number
  /** The resources of which one free instance is needed for the whole appointment. */
  resourceIds: number[]
}

const refuse = (field: string, message: string) =>
  new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors: { [field]: [message] } })

/** The company's time zone. */
export async function companyTimeZone(db: Database, companyId: number): Promise<string> {
  const [company] = await db
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, companyId))
  return company!.timezone
}

/** 404 unless the staff member works in the company (not deleted, not fired). */
export async function requireWorkingStaff(db: Database, companyId: number, staffId: number): Promise<void> {
  const [member] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(
      and(eq(staff.id, staffId), eq(staff.companyId, companyId), eq(staff.deleted, 0), eq(staff.fired, 0)),
    )
  if (!member) throw new HttpError(404, EMPLOYEE_NOT_FOUND)
}

/**
 * The plan of booking `serviceIds` (in that order) with one staff member. A plain service takes the staff
 * member's own duration for it (service_staff), else the service's; a composite is replaced by its parts in
 * their order, each with the composite link's duration, else the staff member's, else the part's own. The
 * technical break is the services' breaks added up when the company sums them (timetable settings), else the
 * longest one. 422 for a service the company does not have (or has deleted).
 */
export async function planBooking(
  db: Database,
  companyId: number,
  staffId: number,
  serviceIds: readonly number[],
): Promise<BookingPlan> {
  const rows = await db
    .select({
      id: services.id,
      title: services.title,
      duration: services.duration,
      breakSec: services.technicalBreakDuration,
      isComposite: services.isComposite,
    })
    .from(services)
    .where(
      and(eq(services.companyId, companyId), inArray(services.id, [...serviceIds]), eq(services.deleted, 0)),
    )
  const byId = new Map(rows.map((row) => [row.id, row]))
  if (serviceIds.some((id) => !byId.has(id))) {
    throw refuse('service_ids', /*i18n*/ 'names a service this company does not have')
  }
  const composites = rows.filter((row) => row.isComposite).map((row) => row.id)
  const links =
    composites.length === 0
      ? []
      : await db
          .select({
            compositeId: serviceCompositeLinks.compositeId,
            serviceId: serviceCompositeLinks.serviceId,
            duration: serviceCompositeLinks.duration,
            title: services.title,
            ownDuration: services.duration,
          })
          .from(serviceCompositeLinks)
          .innerJoin(services, eq(services.id, serviceCompositeLinks.serviceId))
          .where(
            and(
              eq(serviceCompositeLinks.companyId, companyId),
              inArray(serviceCompositeLinks.compositeId, composites),
            ),
          )
          .orderBy(asc(serviceCompositeLinks.compositeId), asc(serviceCompositeLinks.position))
  const allIds = [...new Set([...serviceIds, ...links.map((link) => link.serviceId)])]
  const staffLengths = new Map(
    (
      await db
        .select({ serviceId: serviceStaff.serviceId, length: serviceStaff.seanceLength })
        .from(serviceStaff)
        .where(and(eq(serviceStaff.staffId, staffId), inArray(serviceStaff.serviceId, allIds)))
    ).map((row) => [row.serviceId, row.length]),
  )
  const parts: PlannedPart[] = []
  for (const id of serviceIds) {
    const service = byId.get(id)!
    const own = links.filter((link) => link.compositeId === id)
    if (service.isComposite && own.length > 0) {
      for (const link of own) {
        parts.push({
          serviceId: link.serviceId,
          title: link.title,
          compositeId: id,
          lengthSec: link.duration ?? staffLengths.get(link.serviceId) ?? link.ownDuration,
        })
      }
    } else {
      parts.push({
        serviceId: id,
        title: service.title,
        compositeId: null,
        lengthSec: staffLengths.get(id) ?? service.duration,
      })
    }
  }
  const durationSec = parts.reduce((sum, part) => sum + part.lengthSec, 0)
  if (durationSec <= 0) throw refuse('service_ids', /*i18n*/ 'the services take no time')
  const [settings] = await db
    .select({ sum: companySettings.sumRecordTechnicalBreaks })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId))
  const breaks = serviceIds.map((id) => byId.get(id)!.breakSec)
  const breakSec = settings?.sum ? breaks.reduce((sum, value) => sum + value, 0) : Math.max(0, ...breaks)
  const needed = await db
    .selectDistinct({ resourceId: serviceResources.resourceId })
    .from(serviceResources)
    .where(
      and(
        eq(serviceResources.companyId, companyId),
        inArray(serviceResources.serviceId, [
          ...new Set([...serviceIds, ...parts.map((part) => part.serviceId)]),
        ]),
      ),
    )
  return {
    parts,
    durationSec,
    breakSec,
    resourceIds: needed.map((row) => row.resourceId).sort((a, b) => a - b),
  }
}

/**
 * A staff member's working stretches on one date, as wall-clock times: the exception of that date if there is
 * one (none for a day off), else their own week's weekday, else the salon's.
 */
export async function dayHours(
  db: Database,
  companyId: number,
  staffId: number,
  date: string,
): Promise<WorkInterval[]> {
  const [exception] = await db
    .select({ intervals: workingHoursExceptions.intervals })
    .from(workingHoursExceptions)
    .where(
      and(
        eq(workingHoursExceptions.companyId, companyId),
        eq(workingHoursExceptions.staffId, staffId),
        eq(workingHoursExceptions.date, date),
      ),
    )
  if (exception) return exception.intervals as WorkInterval[]
  const weekday = weekdayOf(date)
  const weeks = await db
    .select({
      staffId: workingWeeks.staffId,
      start: workingHours.startMinute,
      end: workingHours.endMinute,
      weekday: workingHours.weekday,
    })
    .from(workingWeeks)
    .leftJoin(workingHours, and(eq(workingHours.weekId, workingWeeks.id), eq(workingHours.weekday, weekday)))
    .where(eq(workingWeeks.companyId, companyId))
    .orderBy(asc(workingHours.startMinute))
  const own = weeks.filter((row) => row.staffId === staffId)
  const week = own.length > 0 ? own : weeks.filter((row) => row.staffId === null)
  return week
    .filter((row) => row.start !== null && row.end !== null)
    .map((row) => ({ start: clockTimeOf(row.start!), end: clockTimeOf(row.end!) }))
}

export { minutesOf }
