import { and, asc, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { ServiceReply, ServiceSort } from '../../../contract/services/schemas'
import type { Database } from '../../db/database'
import { serviceCategories, services } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { recordChange } from '../change-log/record-change'
import { loadServices } from './services-view'

const liveInCategory = (companyId: number, categoryId: number) =>
  and(eq(services.companyId, companyId), eq(services.categoryId, categoryId), eq(services.deleted, 0))

/**
 * Puts the services of one category in the order given, first shown first: the reads list the highest weight
 * first, so the weights become n..1. Services of the category that the list leaves out follow in their old
 * order. The category's row is locked first, so two sorts of one category run one after the other and each
 * leaves a whole order; its services are locked in id order (which no sort changes), so a sort and a save of one
 * of them never wait on each other crosswise. A category of another company is 404; a service that is not a
 * live one of that category is 422 on `ids`, and nothing changes.
 */
export async function sortServices(
  db: Database,
  request: FastifyRequest,
  companyId: number,
  input: ServiceSort,
): Promise<ServiceReply[]> {
  await db.transaction(async (tx) => {
    const [category] = await tx
      .select({ id: serviceCategories.id })
      .from(serviceCategories)
      .where(
        and(
          eq(serviceCategories.id, input.category_id),
          eq(serviceCategories.companyId, companyId),
          eq(serviceCategories.deleted, 0),
        ),
      )
      .for('update')
    if (!category) throw new HttpError(404, /*i18n*/ 'Service category not found')
    const locked = await tx
      .select({ id: services.id, weight: services.weight, title: services.title })
      .from(services)
      .where(liveInCategory(companyId, input.category_id))
      .orderBy(asc(services.id))
      .for('update')
    const known = new Set(locked.map((row) => row.id))
    if (input.ids.some((id) => !known.has(id))) {
      throw new HttpError(422, /*i18n*/ 'Validation failed', {
        fieldErrors: { ids: [/*i18n*/ 'must name only services of this category'] },
      })
    }
    // The old order, as the reads show it: highest weight first, then by title and id.
    const old = [...locked].sort(
      (a, b) => b.weight - a.weight || a.title.localeCompare(b.title) || a.id - b.id,
    )
    const listed = new Set(input.ids)
    const order = [...input.ids, ...old.map((row) => row.id).filter((id) => !listed.has(id))]
    const weightOf = new Map(locked.map((row) => [row.id, row.weight]))
    for (const [index, id] of order.entries()) {
      const weight = order.length - index
      if (weightOf.get(id) === weight) continue
      await tx
        .update(services)
        .set({ weight })
        .where(and(eq(services.id, id), eq(services.companyId, companyId)))
      await recordChange(tx, request, {
        entity: 'service',
        entityId: id,
        operation: 'moved',
        changes: { weight },
      })
    }
  })
  return loadServices(db, companyId, eq(services.categoryId, input.category_id))
}
