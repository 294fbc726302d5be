import { inArray } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { services } from '../../db/schema'

/** The price-list price of some services by id: the lower end of a range, as the payment step proposes it. */
export async function servicePrices(db: Database, serviceIds: number[]): Promise<Map<number, number>> {
  const ids = [...new Set(serviceIds)]
  if (ids.length === 0) return new Map()
  const rows = await db
    .select({ id: services.id, price: services.priceMin })
    .from(services)
    .where(inArray(services.id, ids))
  return new Map(rows.map((row) => [row.id, row.price]))
}

/**
 * What one visit costs: each service booked on its own at its price, a composite once at its own price for each
 * run of its parts (they follow one another under the composite's id, as the book stores them).
 */
export function visitPrice(
  parts: readonly { serviceId: number; compositeId: number | null }[],
  prices: ReadonlyMap<number, number>,
): number {
  let total = 0
  let runComposite: number | null = null
  for (const part of parts) {
    if (part.compositeId === null) {
      total += prices.get(part.serviceId) ?? 0
      runComposite = null
      continue
    }
    if (part.compositeId !== runComposite) total += prices.get(part.compositeId) ?? 0
    runComposite = part.compositeId
  }
  return total
}
