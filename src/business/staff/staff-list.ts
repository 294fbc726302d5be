import type { Employee, StaffFilters } from '../../../contract/staff/schemas'

/** The two lists of the team: the people at work, and the dismissed ones who can be brought back. */
export const staffTabs = ['active', 'dismissed'] as const
export type StaffTab = (typeof staffTabs)[number]

/**
 * The list's filters of the server call for a tab (working staff by default, dismissed ones with fired=1) and
 * a service: only the server knows who performs which service, so that filter is the server's, not the list's.
 */
export const staffFiltersOf = (tab: StaffTab, serviceId?: number): StaffFilters => ({
  ...(tab === 'dismissed' ? { fired: 1 as const } : {}),
  ...(serviceId === undefined ? {} : { service_id: serviceId }),
})

/** The staff that match a search by name (any part, any case) and a position (none: every position). */
export function matchingStaff(
  staff: readonly Employee[],
  filter: { query: string; positionId: number | undefined },
): Employee[] {
  const query = filter.query.trim().toLocaleLowerCase()
  return staff.filter(
    (employee) =>
      (query === '' || employee.name.toLocaleLowerCase().includes(query)) &&
      (filter.positionId === undefined || employee.position_id === filter.positionId),
  )
}

/** The positions the staff of a list hold, once each, by title: the choices of the position filter. */
export function positionsOf(staff: readonly Employee[]): { id: number; title: string }[] {
  const byId = new Map<number, string>()
  for (const employee of staff) if (employee.position) byId.set(employee.position.id, employee.position.title)
  return [...byId].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title))
}
