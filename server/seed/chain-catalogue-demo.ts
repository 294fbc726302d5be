import { and, eq, isNotNull } from 'drizzle-orm'
import type { Database } from '../db/database'
import { chainServices, companies, serviceCategories, services } from '../db/schema'

/** The chain services of the demo chain: one whose price the chain sets, one whose comment it sets. */
const CHAIN_SERVICES = [
  {
    title: "Women's haircut",
    categoryTitle: 'Hair',
    duration: 60 * 60,
    priceMin: 2500,
    priceMax: 4000,
    comment: 'Chain standard haircut',
    isPriceManagedOnlyInChain: true,
    isCommentManagedOnlyInChain: false,
  },
  {
    title: 'Blow-dry styling',
    categoryTitle: 'Hair',
    duration: 45 * 60,
    priceMin: 1500,
    priceMax: 3000,
    comment: 'Finished with a heat protectant',
    isPriceManagedOnlyInChain: false,
    isCommentManagedOnlyInChain: true,
  },
]

/**
 * Makes the services that every salon of a chain already offers under one title into the chain's services:
 * a chain_services row each, and every salon's service of that title linked to it as its copy (with the
 * chain's details, and its price or comment where the chain manages them).
 */
export async function seedChainCatalogueDemo(db: Database): Promise<void> {
  const salons = await db.select().from(companies).where(isNotNull(companies.mainGroupId))
  const groupIds = [...new Set(salons.map((salon) => salon.mainGroupId!))]
  for (const groupId of groupIds) {
    for (const seed of CHAIN_SERVICES) {
      const [row] = await db
        .insert(chainServices)
        .values({ groupId, ...seed })
        .returning({ id: chainServices.id })
      for (const salon of salons.filter((candidate) => candidate.mainGroupId === groupId)) {
        const [copy] = await db
          .select({ id: services.id })
          .from(services)
          .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
          .where(and(eq(services.companyId, salon.id), eq(services.title, seed.title)))
        if (!copy) continue
        await db
          .update(services)
          .set({
            chainServiceId: row!.id,
            isChain: true,
            chainPriceMin: seed.priceMin,
            chainPriceMax: seed.priceMax,
            chainComment: seed.comment,
            isPriceManagedOnlyInChain: seed.isPriceManagedOnlyInChain,
            isCommentManagedOnlyInChain: seed.isCommentManagedOnlyInChain,
            ...(seed.isPriceManagedOnlyInChain ? { priceMin: seed.priceMin, priceMax: seed.priceMax } : {}),
            ...(seed.isCommentManagedOnlyInChain ? { comment: seed.comment } : {}),
          })
          .where(eq(services.id, copy.id))
      }
    }
  }
}
