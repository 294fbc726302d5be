import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { AppointmentStatus } from '../../contract/appointments/statuses'
import { NEW_ONLINE_BOOKINGS_MAX, type NewOnlineBookings } from '../../contract/online-booking/new-bookings'
import type { Membership } from '../access/company-access'
import type { Database } from '../db/database'
import {
  appointments,
  appointmentServices,
  clients,
  onlineBookingViews,
  onlineBookings,
  services,
  staff,
} from '../db/schema'

/** A member who has never looked is shown the online bookings of this last span. */
export const NEW_BOOKINGS_FIRST_LOOK_MS = 7 * 24 * 60 * 60 * 1000

async function seenUntilOf(db: Database, companyId: number, userId: number): Promise<Date | null> {
  const [view] = await db
    .select({ seenUntil: onlineBookingViews.seenUntil })
    .from(onlineBookingViews)
    .where(and(eq(onlineBookingViews.companyId, companyId), eq(onlineBookingViews.userId, userId)))
  return view?.seenUntil ?? null
}

/** The titles of each appointment's services as the client booked them (a composite once, by its title). */
async function serviceTitles(db: Database, appointmentIds: number[]): Promise<Map<number, string[]>> {
  const titles = new Map<number, string[]>()
  if (appointmentIds.length === 0) return titles
  const parts = await db
    .select({
      appointmentId: appointmentServices.appointmentId,
      shownId: sql<number>`coalesce(${appointmentServices.compositeId}, ${appointmentServices.serviceId})`,
    })
    .from(appointmentServices)
    .where(inArray(appointmentServices.appointmentId, appointmentIds))
    .orderBy(asc(appointmentServices.appointmentId), asc(appointmentServices.position))
  const shownIds = [...new Set(parts.map((part) => Number(part.shownId)))]
  const named =
    shownIds.length === 0
      ? []
      : await db
          .select({ id: services.id, title: services.title })
          .from(services)
          .where(inArray(services.id, shownIds))
  const titleOf = new Map(named.map((row) => [row.id, row.title]))
  for (const part of parts) {
    const list = titles.get(part.appointmentId) ?? []
    const title = titleOf.get(Number(part.shownId)) ?? ''
    if (!list.includes(title)) list.push(title)
    titles.set(part.appointmentId, list)
  }
  return titles
}

/**
 * GET /company/{id}/online_bookings/new: the appointments clients booked on the public page after this member
 * last looked (the last week when they never have), newest first, at most NEW_ONLINE_BOOKINGS_MAX. A member
 * limited to one staff member (restricted_master_id) gets that staff member's alone, and one limited to an
 * appointment group (restricted_record_group_id) that group's staff members' alone.
 */
export async function newOnlineBookings(
  db: Database,
  membership: Membership,
  userId: number,
  now = new Date(),
): Promise<NewOnlineBookings> {
  const { companyId } = membership
  const seenUntil = await seenUntilOf(db, companyId, userId)
  const since = seenUntil ?? new Date(now.getTime() - NEW_BOOKINGS_FIRST_LOOK_MS)
  const restricted = membership.rights.restricted_master_id
  const group = membership.rights.restricted_record_group_id
  const rows = await db
    .select({
      appointment: appointments,
      staffName: staff.name,
      clientName: clients.name,
    })
    .from(onlineBookings)
    .innerJoin(
      appointments,
      and(eq(appointments.id, onlineBookings.appointmentId), eq(appointments.companyId, companyId)),
    )
    .innerJoin(staff, eq(staff.id, appointments.staffId))
    .leftJoin(clients, eq(clients.id, appointments.clientId))
    .where(
      and(
        eq(onlineBookings.companyId, companyId),
        // Compared at the milliseconds the list shows: a mark made from a shown booked_at then covers its row.
        sql`date_trunc('milliseconds', ${appointments.createdAt}) > ${since.toISOString()}::timestamptz`,
        restricted === null ? undefined : eq(appointments.staffId, restricted),
        group === null ? undefined : eq(staff.recordGroupId, group),
      ),
    )
    .orderBy(desc(appointments.createdAt), desc(appointments.id))
    .limit(NEW_ONLINE_BOOKINGS_MAX)
  const titles = await serviceTitles(
    db,
    rows.map((row) => row.appointment.id),
  )
  return {
    seen_until: seenUntil?.toISOString() ?? null,
    bookings: rows.map(({ appointment, staffName, clientName }) => ({
      appointment_id: appointment.id,
      staff_id: appointment.staffId,
      staff_name: staffName,
      client_name: clientName,
      services: titles.get(appointment.id) ?? [],
      start_at: appointment.startAt.toISOString(),
      booked_at: appointment.createdAt.toISOString(),
      status: appointment.status as AppointmentStatus,
    })),
  }
}

/**
 * POST /company/{id}/online_bookings/seen: the member has looked at the bookings made up to `until` (never later
 * than now, and never moving back): those are no longer new to them. Answers the new mark.
 */
export async function markOnlineBookingsSeen(
  db: Database,
  companyId: number,
  userId: number,
  until: Date,
  now = new Date(),
): Promise<{ seen_until: string }> {
  const mark = until.getTime() > now.getTime() ? now : until
  const [row] = await db
    .insert(onlineBookingViews)
    .values({ companyId, userId, seenUntil: mark })
    .onConflictDoUpdate({
      target: [onlineBookingViews.companyId, onlineBookingViews.userId],
      set: { seenUntil: sql`greatest(${onlineBookingViews.seenUntil}, excluded.seen_until)` },
    })
    .returning({ seenUntil: onlineBookingViews.seenUntil })
  return { seen_until: row!.seenUntil.toISOString() }
}
