import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { OnlineCatalogue, OnlineCompany } from '../../contract/online-booking/schemas'
import type { Database } from '../db/database'
import { companies, serviceCategories, services, serviceStaff, staff } from '../db/schema'
import { HttpError } from '../http/http-error'
import { companyFrameOrigins } from './frame-origins'

/** One answer for every company that has no booking page: a chain's own row and an unknown id look the same. */
export const COMPANY_NOT_FOUND = /*i18n*/ 'This salon has no booking page'

/** The salon of a booking page: 404 unless it is a salon (a chain's own row books nothing). */
export async function onlineCompany(db: Database, companyId: number): Promise<OnlineCompany> {
  const [row] = await db
    .select({
      id: companies.id,
      title: companies.title,
      address: companies.address,
      phone: companies.phone,
      timezone: companies.timezone,
      currency: companies.currencyShortTitle,
    })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.type, 'salon')))
  if (!row) throw new HttpError(404, COMPANY_NOT_FOUND)
  return row
}

/** The services a client may book online: live, active and marked online. */
export async function onlineServices(db: Database, companyId: number) {
  return db
    .select({
      id: services.id,
      title: services.title,
      category: serviceCategories.title,
      duration_sec: services.duration,
      price_min: services.priceMin,
      price_max: services.priceMax,
    })
    .from(services)
    .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .where(
      and(
        eq(services.companyId, companyId),
        eq(services.deleted, 0),
        eq(services.active, 1),
        eq(services.isOnline, true),
      ),
    )
    .orderBy(
      desc(serviceCategories.weight),
      asc(serviceCategories.id),
      desc(services.weight),
      asc(services.id),
    )
}

/**
 * The staff a client may book: working (not fired, not deleted), shown and bookable, who provide at least one
 * online service; in the order of the salon's staff list (weight, then id). "Anyone" picks among them in this
 * order too.
 */
export async function onlineStaff(db: Database, companyId: number, serviceIds: readonly number[]) {
  if (serviceIds.length === 0) return []
  const rows = await db
    .select({
      id: staff.id,
      name: staff.name,
      specialization: staff.specialization,
      serviceId: serviceStaff.serviceId,
    })
    .from(staff)
    .innerJoin(serviceStaff, eq(serviceStaff.staffId, staff.id))
    .where(
      and(
        eq(staff.companyId, companyId),
        eq(staff.deleted, 0),
        eq(staff.fired, 0),
        eq(staff.hidden, 0),
        eq(staff.bookable, true),
        inArray(serviceStaff.serviceId, [...serviceIds]),
      ),
    )
    .orderBy(desc(staff.weight), asc(staff.id), asc(serviceStaff.serviceId))
  const byId = new Map<number, OnlineCatalogue['staff'][number]>()
  for (const row of rows) {
    const member = byId.get(row.id) ?? {
      id: row.id,
      name: row.name,
      specialization: row.specialization,
      service_ids: [],
    }
    member.service_ids.push(row.serviceId)
    byId.set(row.id, member)
  }
  return [...byId.values()]
}

/** GET /b2c/{companyId}: what the booking page shows before the client picks anything. */
export async function onlineCatalogue(db: Database, companyId: number): Promise<OnlineCatalogue> {
  const company = await onlineCompany(db, companyId)
  const offered = await onlineServices(db, companyId)
  const team = await onlineStaff(
    db,
    companyId,
    offered.map((service) => service.id),
  )
  // A service nobody provides cannot be booked: the page does not offer it.
  const provided = new Set(team.flatMap((member) => member.service_ids))
  const { origins } = await companyFrameOrigins(db, companyId)
  return {
    company,
    services: offered.filter((service) => provided.has(service.id)),
    staff: team,
    frame_origins: origins,
  }
}

/**
 * The staff who may take all `serviceIds` (each of them online), for `staffId` or, when it is null, anyone: 422
 * for a service that is not offered online, 404 for a staff member who is not bookable for them.
 */
export async function candidatesFor(
  db: Database,
  companyId: number,
  serviceIds: readonly number[],
  staffId: number | null,
): Promise<number[]> {
  const offered = new Set((await onlineServices(db, companyId)).map((service) => service.id))
  if (serviceIds.some((id) => !offered.has(id))) {
    throw new HttpError(422, /*i18n*/ 'Validation failed', {
      fieldErrors: { service_ids: [/*i18n*/ 'names a service that cannot be booked online'] },
    })
  }
  const team = (await onlineStaff(db, companyId, serviceIds)).filter((member) =>
    serviceIds.every((id) => member.service_ids.includes(id)),
  )
  if (staffId === null) return team.map((member) => member.id)
  if (!team.some((member) => member.id === staffId)) {
    throw new HttpError(404, /*i18n*/ 'This staff member cannot be booked for these services online')
  }
  return [staffId]
}
