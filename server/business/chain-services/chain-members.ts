import type { RightFlag } from '../../../contract/access/rights-catalogue'
import { loadChainMemberships, type Membership } from '../../access/company-access'
import type { Database } from '../../db/database'
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
  // One statement for every salon of the chain, with the user's membership in each (it was one per salon).
  const { salonIds, memberships } = await loadChainMemberships(db, userId, groupId)
  if (![...memberships.values()].some((membership) => membership !== null)) {
    throw new HttpError(404, /*i18n*/ 'Chain not found')
  }
  return { groupId, salonIds, memberships }
}

/**
 * Refuses (403) unless the user holds every flag in every salon named: a chain change that touches a salon is
 * made only by someone who could make it in that salon.
 */
export function requireFlagsInSalons(chain: ChainMembership, salonIds: Iterable<number>, flags: RightFlag[]) {
  for (const salonId of salonIds) {
    const membership = chain.memberships.get(salonId)
    if (!membership || flags.some((flag) => !membership.rights[flag])) {
      throw new HttpError(
        403,
        /*i18n*/ 'You do not have access to this section in every salon the change touches',
      )
    }
  }
}
