import type { ServiceCategoryReply } from '../../../contract/service-categories/schemas'
import type { Database } from '../../db/database'
import { loadChainMemberships } from '../../access/company-access'
import { HttpError } from '../../http/http-error'
import { listCategories } from './categories-store'

/**
 * The service categories of a chain: the categories of all its salons, those with the same title (ignoring
 * case) merged into one that lists every salon holding it and, when asked, all their services. The merged
 * category keeps the id of the oldest one. The user must belong to at least one salon of the chain; otherwise
 * the chain is answered as missing.
 */
export async function listChainCategories(
  db: Database,
  userId: number,
  groupId: number,
  includeServices: boolean,
): Promise<ServiceCategoryReply[]> {
  const { salonIds, memberships } = await loadChainMemberships(db, userId, groupId)
  if (![...memberships.values()].some((membership) => membership !== null)) {
    throw new HttpError(404, /*i18n*/ 'Chain not found')
  }
  // The salons' lists are independent reads: on PostgreSQL they run side by side on the pool.
  const lists = await Promise.all(salonIds.map((salonId) => listCategories(db, salonId, { includeServices })))

  const merged = new Map<string, ServiceCategoryReply>()
  for (const list of lists) {
    for (const category of list) {
      const key = category.title.toLocaleLowerCase()
      const existing = merged.get(key)
      if (!existing) {
        merged.set(key, { ...category, is_chain: true, id: category.id })
        continue
      }
      existing.id = Math.min(existing.id, category.id)
      existing.salon_ids = [...existing.salon_ids, ...category.salon_ids]
      existing.staff = [...existing.staff, ...category.staff].sort((a, b) => a - b)
      existing.service_count += category.service_count
      existing.services_count += category.services_count
      existing.services = [...(existing.services as unknown[]), ...(category.services as unknown[])]
    }
  }
  return [...merged.values()]
}
