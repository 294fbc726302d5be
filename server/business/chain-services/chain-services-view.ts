import { and, asc, eq, inArray } from 'drizzle-orm'
import type { ChainService } from '../../../contract/chain-services/schemas'
import type { Database } from '../../db/database'
import { chainServices, services } from '../../db/schema'

type ChainServiceRow = typeof chainServices.$inferSelect

/** The live services of a chain (or one of them), each with its salons' copies, as the API shows them. */
export async function loadChainServices(db: Database, groupId: number, id?: number): Promise<ChainService[]> {
  const rows = await db
    .select()
    .from(chainServices)
    .where(
      and(
        eq(chainServices.groupId, groupId),
        eq(chainServices.deleted, 0),
        id === undefined ? undefined : eq(chainServices.id, id),
      ),
    )
    .orderBy(asc(chainServices.title), asc(chainServices.id))
  if (rows.length === 0) return []
  const copies = await db
    .select({
      chainServiceId: services.chainServiceId,
      salonId: services.companyId,
      serviceId: services.id,
      priceMin: services.priceMin,
      priceMax: services.priceMax,
      comment: services.comment,
    })
    .from(services)
    .where(
      and(
        eq(services.deleted, 0),
        inArray(
          services.chainServiceId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .orderBy(asc(services.companyId))
  return rows.map((row) =>
    toApiChainService(
      row,
      copies.filter((copy) => copy.chainServiceId === row.id),
    ),
  )
}

function toApiChainService(
  row: ChainServiceRow,
  copies: { salonId: number; serviceId: number; priceMin: number; priceMax: number; comment: string }[],
): ChainService {
  return {
    id: row.id,
    group_id: row.groupId,
    title: row.title,
    category_title: row.categoryTitle,
    duration: row.duration,
    price_min: row.priceMin,
    price_max: row.priceMax,
    comment: row.comment,
    is_price_managed_only_in_chain: row.isPriceManagedOnlyInChain,
    is_comment_managed_only_in_chain: row.isCommentManagedOnlyInChain,
    version: row.version,
    salon_ids: copies.map((copy) => copy.salonId),
    salons: copies.map((copy) => ({
      salon_id: copy.salonId,
      service_id: copy.serviceId,
      price_min: copy.priceMin,
      price_max: copy.priceMax,
      comment: copy.comment,
    })),
  }
}
