import { and, asc, desc, eq, type SQL } from 'drizzle-orm'
import type { Employee } from '../../../contract/staff/schemas'
import type { Database } from '../../db/database'
import { staff, users } from '../../db/schema'
import { currentRenditionUrls, loadImageGroups } from '../images/image-groups'
import { listPositions } from '../positions/positions-store'

type StaffRow = typeof staff.$inferSelect

function statusOf(row: StaffRow): Employee['status'] {
  if (row.deleted === 1) return 'deleted'
  return row.fired === 1 ? 'fired' : 'active'
}

/**
 * The employees of a company that match `where`, in the order the salon sorted them (highest weight first), as
 * the API shows them: with the linked user, the image group and, when asked, the position.
 */
export async function loadEmployees(
  db: Database,
  companyId: number,
  where: SQL | undefined,
  options: { includePosition: boolean; limit?: number },
): Promise<Employee[]> {
  const query = db
    .select({
      row: staff,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      userPhone: users.phone,
    })
    .from(staff)
    .leftJoin(users, eq(users.id, staff.userId))
    .where(and(eq(staff.companyId, companyId), where))
    .orderBy(desc(staff.weight), asc(staff.id))
  const rows = options.limit ? await query.limit(options.limit) : await query
  const groups = await loadImageGroups(
    db,
    companyId,
    rows.map(({ row }) => row.imageGroupId),
  )
  const positionsById = options.includePosition
    ? new Map((await listPositions(db, companyId)).map((position) => [position.id, position]))
    : undefined

  return rows.map(({ row, userId, userName, userEmail, userPhone }) => {
    const group = row.imageGroupId === null ? null : (groups.get(row.imageGroupId) ?? null)
    const employee: Employee = {
      id: row.id,
      salon_id: row.companyId,
      name: row.name,
      specialization: row.specialization,
      show_rating: row.showRating === 1 ? 1 : 0,
      rating: row.rating / 100,
      votes_count: row.votesCount,
      comments_count: row.commentsCount,
      // The browser sends a small and a big square rendition of the cropped picture (docs/decisions.md).
      avatar: currentRenditionUrls(group).small,
      avatar_big: currentRenditionUrls(group).big,
      weight: row.weight,
      information: row.information,
      hidden: row.hidden === 1 ? 1 : 0,
      fired: row.fired === 1 ? 1 : 0,
      is_fired: row.fired === 1,
      deleted: row.deleted === 1 ? 1 : 0,
      status: statusOf(row),
      date_dismissal: row.dateDismissal,
      dismissal_reason: row.dismissalReason,
      position_id: row.positionId,
      record_group_id: row.recordGroupId,
      schedule_till: row.scheduleTill,
      image_group: group,
      image_group_id: group ? group.id : null,
      bookable: row.bookable,
      has_access_timetable: row.hasAccessTimetable,
      user:
        userId === null || userName === null
          ? null
          : { id: userId, name: userName, email: userEmail, phone: userPhone },
    }
    if (positionsById)
      employee.position = row.positionId === null ? null : (positionsById.get(row.positionId) ?? null)
    return employee
  })
}

/** One employee of the company as the API shows it, position included. */
export async function loadEmployee(db: Database, companyId: number, id: number): Promise<Employee> {
  const [employee] = await loadEmployees(db, companyId, eq(staff.id, id), { includePosition: true })
  if (!employee) throw new Error(`employee ${id} vanished`)
  return employee
}
