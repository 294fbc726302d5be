import { and, asc, count, eq, ilike, sql } from 'drizzle-orm'
import type * as v from 'valibot'
import {
  clientCategoriesPageSize,
  type ClientCategory,
  type createClientCategoryBodySchema,
} from '../../../contract/client-categories/schemas'
import type { Database } from '../../db/database'
import { clientCategories } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'

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
): Promise<ClientCategory> {
  const [created] = await db
    .insert(clientCategories)
    .values({ companyId, title: body.title, color: body.color })
    .onConflictDoNothing()
    .returning(columns)
  if (!created) {
    throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
      fieldErrors: { title: ['a category with this title already exists'] },
    })
  }
  return created
}
