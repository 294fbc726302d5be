import { and, asc, countDistinct, eq, inArray, sql } from 'drizzle-orm'
import type { Position, PositionCreate, PositionUpdate } from '../../../contract/positions/schemas'
import type { Database } from '../../db/database'
import { companyUsers, invites, positions, services, serviceStaff, staff } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { isUniqueViolation } from './unique-violation'

const duplicateTitle = () =>
  new HttpError(422, 'Validation failed', {
    fieldErrors: { title: ['A position with this title already exists'] },
  })

/** The company's positions, alphabetically, each with the number of services its working employees provide. */
export async function listPositions(db: Database, companyId: number, ids?: number[]): Promise<Position[]> {
  const linked = db
    .select({ positionId: staff.positionId, count: countDistinct(serviceStaff.serviceId).as('count') })
    .from(serviceStaff)
    .innerJoin(staff, eq(staff.id, serviceStaff.staffId))
    .innerJoin(services, eq(services.id, serviceStaff.serviceId))
    .where(
      and(
        eq(serviceStaff.companyId, companyId),
        eq(staff.fired, 0),
        eq(staff.deleted, 0),
        eq(services.deleted, 0),
      ),
    )
    .groupBy(staff.positionId)
    .as('linked')
  const rows = await db
    .select({
      id: positions.id,
      title: positions.title,
      servicesBindingType: positions.servicesBindingType,
      count: sql<number>`coalesce(${linked.count}, 0)::int`,
    })
    .from(positions)
    .leftJoin(linked, eq(linked.positionId, positions.id))
    .where(
      and(
        eq(positions.companyId, companyId),
        ids ? inArray(positions.id, ids.length > 0 ? ids : [0]) : undefined,
      ),
    )
    .orderBy(asc(positions.title), asc(positions.id))
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    services_binding_type: row.servicesBindingType === 1 ? 1 : 0,
    count_linked_services: Number(row.count),
  }))
}

async function findPosition(db: Database, companyId: number, id: number): Promise<Position> {
  const [position] = await listPositions(db, companyId, [id])
  if (!position) throw new HttpError(404, 'Position not found')
  return position
}

export async function createPosition(
  db: Database,
  companyId: number,
  input: PositionCreate,
): Promise<Position> {
  try {
    const [row] = await db
      .insert(positions)
      .values({ companyId, title: input.title, servicesBindingType: input.services_binding_type })
      .returning({ id: positions.id })
    return await findPosition(db, companyId, row!.id)
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTitle()
    throw error
  }
}

export async function updatePosition(
  db: Database,
  companyId: number,
  id: number,
  input: PositionUpdate,
): Promise<Position> {
  await findPosition(db, companyId, id)
  try {
    await db
      .update(positions)
      .set({
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.services_binding_type === undefined
          ? {}
          : { servicesBindingType: input.services_binding_type }),
      })
      .where(and(eq(positions.id, id), eq(positions.companyId, companyId)))
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTitle()
    throw error
  }
  return findPosition(db, companyId, id)
}

/** Deleting a position leaves its employees and members without one rather than deleting them. */
export async function deletePosition(db: Database, companyId: number, id: number): Promise<void> {
  await findPosition(db, companyId, id)
  await db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ positionId: null })
      .where(and(eq(staff.positionId, id), eq(staff.companyId, companyId)))
    await tx
      .update(companyUsers)
      .set({ positionId: null })
      .where(and(eq(companyUsers.positionId, id), eq(companyUsers.companyId, companyId)))
    // Invites that name the position still stand: whoever accepts one joins without a position.
    await tx
      .update(invites)
      .set({ positionId: null })
      .where(and(eq(invites.positionId, id), eq(invites.companyId, companyId)))
    await tx.delete(positions).where(and(eq(positions.id, id), eq(positions.companyId, companyId)))
  })
}
