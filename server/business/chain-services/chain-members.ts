import { and, asc, eq } from 'drizzle-orm'
import type { RightFlag } from '../../../contract/access/rights-catalogue'
import { loadMembership, type Membership } from '../../access/company-access'
import type { Database } from '../../db/database'
import { companies, companyUsers } from '../../db/schema'
import { HttpError } from '../../http/http-error'

/** A chain as one of its members sees it: its salons and the user's membership in each (null where none). */
export interface ChainMembership {
  groupId: number
  salonIds: number[]
  memberships: Map<number, Membership | null>
}

/**
 * The chain of that id, when the user belongs to at least one of its salons; otherwise 404, so that another
 * chain's id is never confirmed to exist.
 */
export async function requireChainMember(
  db: Database,
  userId: number,
  groupId: number,
): Promise<ChainMembership> {
  const [member] = await db
    .select({ id: companies.id })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(and(eq(companyUsers.userId, userId), eq(companies.mainGroupId, groupId)))
    .limit(1)
  if (!member) throw new HttpError(404, 'Chain not found')
  const salons = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.mainGroupId, groupId))
    .orderBy(asc(companies.id))
  const memberships = new Map<number, Membership | null>()
  for (const salon of salons) memberships.set(salon.id, await loadMembership(db, userId, salon.id))
  return { groupId, salonIds: salons.map((salon) => salon.id), memberships }
}

/**
 * Refuses (403) unless the user holds every flag in every salon named: a chain change that touches a salon is
 * made only by someone who could make it in that salon.
 */
export function requireFlagsInSalons(chain: ChainMembership, salonIds: Iterable<number>, flags: RightFlag[]) {
  for (const salonId of salonIds) {
    const membership = chain.memberships.get(salonId)
    if (!membership || flags.some((flag) => !membership.rights[flag])) {
      throw new HttpError(403, 'You do not have access to this section in every salon the change touches')
    }
  }
}
