import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type {
  CategoryCreate,
  CategoryUpdate,
  ServiceCategoryReply,
} from '../../../contract/service-categories/schemas'
import type { ServiceReply } from '../../../contract/services/schemas'
import type { Database } from '../../db/database'
import { serviceCategories, services, serviceStaff, staff } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { withUniqueTitle } from '../positions/unique-violation'
import { inCategories, loadServices } from '../services/services-view'

type CategoryRow = typeof serviceCategories.$inferSelect

/** The live categories of one company, highest weight first, as the API shows them. */
export async function listCategories(
  db: Database,
  companyId: number,
  options: { includeServices: boolean; ids?: number[] },
): Promise<ServiceCategoryReply[]> {
  const rows = await db
    .select()
    .from(serviceCategories)
    .where(
      and(
        eq(serviceCategories.companyId, companyId),
        eq(serviceCategories.deleted, 0),
        options.ids ? inArray(serviceCategories.id, options.ids.length > 0 ? options.ids : [0]) : undefined,
      ),
    )
    .orderBy(desc(serviceCategories.weight), asc(serviceCategories.title), asc(serviceCategories.id))
  const ids = rows.map((row) => row.id)
  const counts = await db
    .select({ categoryId: services.categoryId, count: sql<number>`count(*)::int` })
    .from(services)
    .where(and(eq(services.companyId, companyId), eq(services.deleted, 0), inCategories(ids)))
    .groupBy(services.categoryId)
  const staffRows = await db
    .selectDistinct({ categoryId: services.categoryId, staffId: serviceStaff.staffId })
    .from(serviceStaff)
    .innerJoin(services, eq(services.id, serviceStaff.serviceId))
    .innerJoin(staff, eq(staff.id, serviceStaff.staffId))
    .where(
      and(
        eq(serviceStaff.companyId, companyId),
        eq(services.deleted, 0),
        eq(staff.deleted, 0),
        eq(staff.fired, 0),
        inCategories(ids),
      ),
    )
  const servicesByCategory = new Map<number, ServiceReply[]>()
  if (options.includeServices && ids.length > 0) {
    for (const service of await loadServices(db, companyId, inCategories(ids))) {
      servicesByCategory.set(service.category_id, [
        ...(servicesByCategory.get(service.category_id) ?? []),
        service,
      ])
    }
  }
  return rows.map((row) =>
    toApiCategory(row, {
      count: Number(counts.find((entry) => entry.categoryId === row.id)?.count ?? 0),
      staffIds: staffRows
        .filter((entry) => entry.categoryId === row.id)
        .map((entry) => entry.staffId)
        .sort((a, b) => a - b),
      services: options.includeServices ? (servicesByCategory.get(row.id) ?? []) : [],
    }),
  )
}

function toApiCategory(
  row: CategoryRow,
  extra: { count: number; staffIds: number[]; services: ServiceReply[] },
): ServiceCategoryReply {
  return {
    id: row.id,
    api_id: row.apiId,
    title: row.title,
    staff: extra.staffIds,
    service_count: extra.count,
    services_count: extra.count,
    weight: row.weight,
    is_chain: row.isChain,
    is_new_category: false,
    is_category: true,
    booking_title: row.bookingTitle,
    sex: row.sex === 1 || row.sex === 2 ? row.sex : 0,
    salon_ids: [row.companyId],
    services: extra.services,
    translations: (row.translations as ServiceCategoryReply['translations']) ?? [],
  }
}

/** A live category's name is the company's only one of it (the unique index of migration 0033). */
const DUPLICATE_TITLE_MESSAGE = /*i18n*/ 'a category with this title already exists'

async function findCategory(db: Database, companyId: number, id: number) {
  const [category] = await listCategories(db, companyId, { includeServices: false, ids: [id] })
  if (!category) throw new HttpError(404, /*i18n*/ 'Category not found')
  return category
}

export async function createCategory(
  db: Database,
  companyId: number,
  chainId: number | null,
  input: CategoryCreate,
) {
  const [row] = await withUniqueTitle(
    db
      .insert(serviceCategories)
      .values({
        companyId,
        title: input.title,
        weight: input.weight ?? 0,
        bookingTitle: input.booking_title ?? '',
        apiId: input.api_id ?? '',
        sex: input.sex ?? 0,
        // Categories of a chain's salons are the chain's categories (docs/decisions.md).
        isChain: chainId !== null,
        translations: input.translations ?? [],
      })
      .returning({ id: serviceCategories.id }),
    DUPLICATE_TITLE_MESSAGE,
  )
  return findCategory(db, companyId, row!.id)
}

export async function updateCategory(db: Database, companyId: number, id: number, input: CategoryUpdate) {
  await findCategory(db, companyId, id)
  const changes: Partial<typeof serviceCategories.$inferInsert> = {}
  if (input.title !== undefined) changes.title = input.title
  if (input.weight !== undefined) changes.weight = input.weight
  if (input.booking_title !== undefined) changes.bookingTitle = input.booking_title
  if (input.api_id !== undefined) changes.apiId = input.api_id
  if (input.sex !== undefined) changes.sex = input.sex
  if (input.translations !== undefined) changes.translations = input.translations
  if (Object.keys(changes).length > 0) {
    await withUniqueTitle(
      db
        .update(serviceCategories)
        .set(changes)
        .where(and(eq(serviceCategories.id, id), eq(serviceCategories.companyId, companyId))),
      DUPLICATE_TITLE_MESSAGE,
    )
  }
  return findCategory(db, companyId, id)
}

/** A category that still holds services cannot go: they would be left without one. */
export async function deleteCategory(db: Database, companyId: number, id: number) {
  // The check and the deletion are one statement: a service added between a separate check and the update
  // would be left in a deleted category.
  const [deleted] = await db
    .update(serviceCategories)
    .set({ deleted: 1 })
    .where(
      and(
        eq(serviceCategories.id, id),
        eq(serviceCategories.companyId, companyId),
        eq(serviceCategories.deleted, 0),
        sql`not exists (${db
          .select({ id: services.id })
          .from(services)
          .where(and(eq(services.categoryId, serviceCategories.id), eq(services.deleted, 0)))})`,
      ),
    )
    .returning({ id: serviceCategories.id })
  if (deleted) return
  // Nothing deleted: either there is no such category (404) or it still holds services.
  await findCategory(db, companyId, id)
  throw new HttpError(409, /*i18n*/ 'The category still holds services; move or delete them first')
}
