import { asc, eq } from 'drizzle-orm'
import type { CompanyGroup } from '../../../contract/groups/schemas'
import type { Database } from '../../db/database'
import { companies, companyGroups, companyUsers } from '../../db/schema'

/**
 * The chains the user belongs to through at least one of their companies, each listing only those companies:
 * a specialist of one salon of a chain does not learn about the chain's other salons.
 */
export async function listUserGroups(db: Database, userId: number): Promise<CompanyGroup[]> {
  const rows = await db
    .select({
      groupId: companyGroups.id,
      groupTitle: companyGroups.title,
      companyId: companies.id,
      companyTitle: companies.title,
    })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .innerJoin(companyGroups, eq(companyGroups.id, companies.mainGroupId))
    .where(eq(companyUsers.userId, userId))
    .orderBy(asc(companyGroups.id), asc(companies.id))
  const groups = new Map<number, CompanyGroup>()
  for (const row of rows) {
    const group = groups.get(row.groupId) ?? { id: row.groupId, title: row.groupTitle, companies: [] }
    group.companies.push({ id: row.companyId, title: row.companyTitle })
    groups.set(row.groupId, group)
  }
  return [...groups.values()]
}
