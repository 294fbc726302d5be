import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { services, serviceStaff } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import type { StaffRow } from './staff-scope'

/** The services an employee provides, by title. */
export async function listStaffServices(db: Database, row: StaffRow) {
  const rows = await db
    .select({
      id: serviceStaff.id,
      serviceId: serviceStaff.serviceId,
      title: services.title,
      seanceLength: serviceStaff.seanceLength,
      technologicalCardId: serviceStaff.technologicalCardId,
    })
    .from(serviceStaff)
    .innerJoin(services, eq(services.id, serviceStaff.serviceId))
    .where(
      and(
        eq(serviceStaff.staffId, row.id),
        eq(serviceStaff.companyId, row.companyId),
        eq(services.deleted, 0),
      ),
    )
    .orderBy(asc(services.title), asc(serviceStaff.id))
  return rows.map((link) => ({
    id: link.id,
    service_id: link.serviceId,
    title: link.title,
    seance_length: link.seanceLength,
    technological_card_id: link.technologicalCardId,
  }))
}

/** The company's services among `ids` that are not deleted, by id; 422 naming `field` when any is missing. */
async function companyServices(db: Database, companyId: number, ids: number[], field: string) {
  const rows = await db
    .select({ id: services.id, duration: services.duration })
    .from(services)
    .where(and(eq(services.companyId, companyId), eq(services.deleted, 0), inArray(services.id, ids)))
  if (rows.length !== new Set(ids).size) {
    throw new HttpError(422, /*i18n*/ 'Validation failed', {
      fieldErrors: { [field]: [/*i18n*/ 'must name only services of this company'] },
    })
  }
  return new Map(rows.map((service) => [service.id, service.duration]))
}

/**
 * Links services to the employee; a service already linked gets the new settings. The unique (service, staff)
 * pair turns concurrent links of the same service into one row.
 */
export async function linkStaffServices(
  db: Database,
  row: StaffRow,
  links: { service_id: number; seance_length?: number | undefined; technological_card_id: number | null }[],
) {
  const durations = await companyServices(
    db,
    row.companyId,
    links.map((link) => link.service_id),
    'services',
  )
  // One statement for every link, so a failure links none of them; a service named twice counts once (its last
  // settings), since one statement cannot update the same row twice.
  const byService = new Map(links.map((link) => [link.service_id, link]))
  await db
    .insert(serviceStaff)
    .values(
      [...byService.values()].map((link) => ({
        companyId: row.companyId,
        serviceId: link.service_id,
        staffId: row.id,
        seanceLength: link.seance_length ?? durations.get(link.service_id) ?? 3600,
        technologicalCardId: link.technological_card_id,
      })),
    )
    .onConflictDoUpdate({
      target: [serviceStaff.serviceId, serviceStaff.staffId],
      set: {
        seanceLength: sql.raw(`excluded.${serviceStaff.seanceLength.name}`),
        technologicalCardId: sql.raw(`excluded.${serviceStaff.technologicalCardId.name}`),
      },
    })
  return listStaffServices(db, row)
}

export async function unlinkStaffServices(db: Database, row: StaffRow, serviceIds: number[]) {
  await db
    .delete(serviceStaff)
    .where(
      and(
        eq(serviceStaff.staffId, row.id),
        eq(serviceStaff.companyId, row.companyId),
        inArray(serviceStaff.serviceId, serviceIds),
      ),
    )
  return listStaffServices(db, row)
}

/** Changes the length and technological card of one linked service; 404 when it is not linked. */
export async function updateStaffService(
  db: Database,
  row: StaffRow,
  serviceId: number,
  input: { seance_length: number; technological_card_id?: number | null },
) {
  const updated = await db
    .update(serviceStaff)
    .set({
      seanceLength: input.seance_length,
      ...(input.technological_card_id === undefined
        ? {}
        : { technologicalCardId: input.technological_card_id }),
    })
    .where(
      and(
        eq(serviceStaff.staffId, row.id),
        eq(serviceStaff.companyId, row.companyId),
        eq(serviceStaff.serviceId, serviceId),
      ),
    )
    .returning({ id: serviceStaff.id })
  if (updated.length === 0) throw new HttpError(404, /*i18n*/ 'The employee does not provide this service')
  return listStaffServices(db, row)
}
