import { and, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import { FilterState, type FilterStateValue } from '../../../contract/id-params'
import type { StaffListQuery } from '../../../contract/staff/schemas'
import { positions, serviceStaff, staff } from '../../db/schema'

/** A LIKE pattern that matches `text` anywhere, with the pattern characters in it taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** WITHOUT: only rows where `has` is false; ONLY: only rows where it is true; ALL: no condition. */
function threeState(state: FilterStateValue, has: SQL, hasNot: SQL): SQL | undefined {
  if (state === FilterState.only) return has
  if (state === FilterState.without) return hasNot
  return undefined
}

/** The SQL conditions of the staff list filters (SPEC.md section 3). */
export function staffFilterConditions(query: StaffListQuery): SQL | undefined {
  const today = sql`current_date`
  return and(
    query.name ? ilike(staff.name, containsPattern(query.name)) : undefined,
    // A negative position id means "any position" (SPEC.md section 5).
    query.position_id !== undefined && query.position_id >= 0
      ? eq(staff.positionId, query.position_id)
      : undefined,
    // Only the links of the employee's own company count, so another company's service id matches no one.
    query.service_id !== undefined && query.service_id >= 0
      ? sql`exists (select 1 from ${serviceStaff} where ${serviceStaff.staffId} = ${staff.id} and ${serviceStaff.companyId} = ${staff.companyId} and ${serviceStaff.serviceId} = ${query.service_id})`
      : undefined,
    threeState(query.fired, eq(staff.fired, 1), eq(staff.fired, 0)),
    threeState(query.deleted, eq(staff.deleted, 1), eq(staff.deleted, 0)),
    threeState(query.user_linked, isNotNull(staff.userId), isNull(staff.userId)),
    threeState(query.image, isNotNull(staff.imageGroupId), isNull(staff.imageGroupId)),
    // The timetable is marked up when the employee has a schedule reaching today or later.
    threeState(
      query.tt_markup,
      gte(staff.scheduleTill, today),
      or(isNull(staff.scheduleTill), lt(staff.scheduleTill, today))!,
    ),
    query.specialization ? ilike(staff.specialization, containsPattern(query.specialization)) : undefined,
    query.position_title
      ? sql`exists (select 1 from ${positions} where ${positions.id} = ${staff.positionId} and ${positions.title} ilike ${containsPattern(query.position_title)})`
      : undefined,
  )
}
