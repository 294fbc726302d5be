import { asc, eq, inArray } from 'drizzle-orm'
import type { OnlineBooking } from '../../contract/online-booking/schemas'
import type { Database } from '../db/database'
import { appointments, appointmentServices, companies, services, staff } from '../db/schema'

type AppointmentRow = typeof appointments.$inferSelect

/** Whether the client may still cancel on the page: a live appointment that has not started. */
export const clientMayCancel = (row: Pick<AppointmentRow, 'status' | 'startAt'>, now = new Date()) =>
  (row.status === 'booked' || row.status === 'confirmed') && row.startAt.getTime() > now.getTime()

/**
 * An appointment as its client sees it: the salon, who and what, when, and whether it still stands. Nothing
 * of the salon's own notes (comment, price, other clients) is in it.
 */
export async function bookingView(
  db: Database,
  row: AppointmentRow,
  now = new Date(),
): Promise<OnlineBooking> {
  const [company] = await db
    .select({ title: companies.title, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, row.companyId))
  const [member] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, row.staffId))
  const parts = await db
    .select({ serviceId: appointmentServices.serviceId, compositeId: appointmentServices.compositeId })
    .from(appointmentServices)
    .where(eq(appointmentServices.appointmentId, row.id))
    .orderBy(asc(appointmentServices.position))
  // A composite is shown as the client booked it, by its own title, once.
  const shownIds = [...new Set(parts.map((part) => part.compositeId ?? part.serviceId))]
  const titles =
    shownIds.length === 0
      ? []
      : await db
          .select({ id: services.id, title: services.title })
          .from(services)
          .where(inArray(services.id, shownIds))
  const status: OnlineBooking['status'] =
    row.status === 'cancelled'
      ? 'cancelled'
      : row.status === 'booked' || row.status === 'confirmed'
        ? 'booked'
        : 'done'
  return {
    company_id: row.companyId,
    company_title: company!.title,
    timezone: company!.timezone,
    staff_name: member!.name,
    services: shownIds.map((id) => titles.find((title) => title.id === id)?.title ?? ''),
    start_at: row.startAt.toISOString(),
    end_at: row.endAt.toISOString(),
    status,
    cancellable: clientMayCancel(row, now),
  }
}
