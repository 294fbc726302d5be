import { and, asc, countDistinct, eq, inArray, sql } from 'drizzle-orm'
import { ErrorCode } from '../../../contract/error-codes'
import type {
  Position,
  PositionCreate,
  PositionInUse,
  PositionUpdate,
} from '../../../contract/positions/schemas'
import type { Database } from '../../db/database'
import { companyUsers, invites, positions, services, serviceStaff, staff, users } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { isUniqueViolation } from './unique-violation'

const duplicateTitle = () =>
  new HttpError(422, /*i18n*/ 'Validation failed', {
    fieldErrors: { title: [/*i18n*/ 'A position with this title already exists'] },
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
  if (!position) throw new HttpError(404, /*i18n*/ 'Position not found')
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

/** The working employees and the team members who hold a position, by name. */
async function holdersOf(db: Database, companyId: number, id: number): Promise<PositionInUse> {
  const employees = await db
    .select({ name: staff.name })
    .from(staff)
    .where(
      and(eq(staff.companyId, companyId), eq(staff.positionId, id), eq(staff.fired, 0), eq(staff.deleted, 0)),
    )
    .orderBy(asc(staff.name))
  const members = await db
    .select({ name: users.name })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.positionId, id)))
    .orderBy(asc(users.name))
  return { staff: employees.map((row) => row.name), members: members.map((row) => row.name) }
}

/**
 * Deletes a position nobody works in. While working employees or team members hold it, the reply is 409 with
 * code 3001 and their names in errors.used_by, so the owner can move them first. Fired and deleted employees and
 * pending invites that name it are left without a position. The position row is locked first, so an employee
 * given the position meanwhile is either counted or finds it gone.
 */
export async function deletePosition(db: Database, companyId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: positions.id })
      .from(positions)
      .where(and(eq(positions.id, id), eq(positions.companyId, companyId)))
      .for('update')
    if (locked.length === 0) throw new HttpError(404, /*i18n*/ 'Position not found')
    const usedBy = await holdersOf(tx, companyId, id)
    if (usedBy.staff.length + usedBy.members.length > 0) {
      throw new HttpError(409, /*i18n*/ 'The position is still held by employees or team members', {
        code: ErrorCode.positionInUse,
        details: { used_by: usedBy },
      })
    }
    await tx
      .update(staff)
      .set({ positionId: null })
      .where(and(eq(staff.positionId, id), eq(staff.companyId, companyId)))
    // Invites that name the position still stand: whoever accepts one joins without a position.
    await tx
      .update(invites)
      .set({ positionId: null })
      .where(and(eq(invites.positionId, id), eq(invites.companyId, companyId)))
    await tx.delete(positions).where(and(eq(positions.id, id), eq(positions.companyId, companyId)))
  })
}
