import { and, asc, count, eq, ilike, sql } from 'drizzle-orm'
import type * as v from 'valibot'
import {
  clientCategoriesPageSize,
  type ClientCategory,
  type createClientCategoryBodySchema,
  type updateClientCategoryBodySchema,
} from '../../../contract/client-categories/schemas'
import type { Database } from '../../db/database'
import { clientCategories } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import type { RecordChange } from '../change-log/request-audit'
import { isUniqueViolation } from '../positions/unique-violation'

const columns = { id: clientCategories.id, title: clientCategories.title, color: clientCategories.color }

/** `term` as a literal ILIKE pattern: % and _ typed by a user are searched for, not wildcards. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** One page of the company's client categories, alphabetical, optionally only those whose title holds `term`. */
export async function listClientCategories(
  db: Database,
  companyId: number,
  query: { page: number; term: string },
): Promise<{ categories: ClientCategory[]; total: number }> {
  const where = and(
    eq(clientCategories.companyId, companyId),
    query.term ? ilike(clientCategories.title, containsPattern(query.term)) : undefined,
  )
  const categories = await db
    .select(columns)
    .from(clientCategories)
    .where(where)
    .orderBy(asc(sql`lower(${clientCategories.title})`), asc(clientCategories.id))
    .limit(clientCategoriesPageSize)
    .offset((query.page - 1) * clientCategoriesPageSize)
  const [row] = await db.select({ total: count() }).from(clientCategories).where(where)
  return { categories, total: row?.total ?? 0 }
}

/**
 * Creates a category. Titles are unique per company regardless of case; the unique index decides, so two
 * people creating the same title at once get one category and one 422.
 */
export async function createClientCategory(
  db: Database,
  companyId: number,
  body: v.InferOutput<typeof createClientCategoryBodySchema>,
  record: RecordChange,
): Promise<ClientCategory> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(clientCategories)
      .values({ companyId, title: body.title, color: body.color })
      .onConflictDoNothing()
      .returning(columns)
    if (!created) throw duplicateTitle()
    await record(tx, { entity: 'client_category', entityId: created.id, operation: 'created', changes: body })
    return created
  })
}

const duplicateTitle = () =>
  new HttpError(422, VALIDATION_FAILED_MESSAGE, {
    fieldErrors: { title: [/*i18n*/ 'a category with this title already exists'] },
  })

const notFound = () => new HttpError(404, /*i18n*/ 'Client category not found')

/** Renames or recolours a category; a title another category has (in any case) is a 422 on title. */
export async function updateClientCategory(
  db: Database,
  companyId: number,
  id: number,
  body: v.InferOutput<typeof updateClientCategoryBodySchema>,
  record: RecordChange,
): Promise<ClientCategory> {
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(clientCategories)
        .set(body)
        .where(and(eq(clientCategories.id, id), eq(clientCategories.companyId, companyId)))
        .returning(columns)
      if (!updated) throw notFound()
      await record(tx, { entity: 'client_category', entityId: id, operation: 'updated', changes: body })
      return updated
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTitle()
    throw error
  }
}

/**
 * Deletes a category. No client card holds categories in this product yet, so nothing keeps one back; when
 * clients carry them, a delete takes the category off them (as YCLIENTS does), it does not touch the clients.
 */
export async function deleteClientCategory(
  db: Database,
  companyId: number,
  id: number,
  record: RecordChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(clientCategories)
      .where(and(eq(clientCategories.id, id), eq(clientCategories.companyId, companyId)))
      .returning({ title: clientCategories.title })
    if (!deleted) throw notFound()
    await record(tx, {
      entity: 'client_category',
      entityId: id,
      operation: 'deleted',
      changes: { title: deleted.title },
    })
  })
}
