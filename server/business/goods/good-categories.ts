import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Good, GoodCategory } from '../../../contract/goods/schemas'
import type { Database } from '../../db/database'
import { goodCategories, goods } from '../../db/schema'

type Include = ('child_categories' | 'goods')[]

const categoryColumns = {
  id: goodCategories.id,
  parent_category_id: goodCategories.parentCategoryId,
  title: goodCategories.title,
  weight: goodCategories.weight,
}

const byWeight = [asc(goodCategories.weight), asc(goodCategories.id)]

/** Adds the requested children (direct child categories, goods) to each category, with two queries in all. */
async function withIncludes(
  db: Database,
  companyId: number,
  categories: Omit<GoodCategory, 'child_categories' | 'goods'>[],
  include: Include,
): Promise<GoodCategory[]> {
  const ids = categories.map((category) => category.id)
  if (ids.length === 0 || include.length === 0) return categories
  const children = include.includes('child_categories')
    ? await db
        .select(categoryColumns)
        .from(goodCategories)
        .where(and(eq(goodCategories.companyId, companyId), inArray(goodCategories.parentCategoryId, ids)))
        .orderBy(...byWeight)
    : []
  const goodRows = include.includes('goods')
    ? await db
        .select()
        .from(goods)
        .where(and(eq(goods.companyId, companyId), inArray(goods.categoryId, ids)))
        .orderBy(asc(goods.title), asc(goods.id))
    : []
  const toGood = (row: (typeof goodRows)[number]): Good => ({
    id: row.id,
    category_id: row.categoryId,
    title: row.title,
    article: row.article,
    price: Number(row.price),
    unit_id: row.unitId,
  })
  return categories.map((category) => ({
    ...category,
    ...(include.includes('child_categories')
      ? { child_categories: children.filter((child) => child.parent_category_id === category.id) }
      : {}),
    ...(include.includes('goods')
      ? { goods: goodRows.filter((good) => good.categoryId === category.id).map(toGood) }
      : {}),
  }))
}

/** The company's goods categories, all of them or those under one parent (0 for the roots). */
export async function listGoodCategories(
  db: Database,
  companyId: number,
  options: { parentId: number | undefined; include: Include },
): Promise<GoodCategory[]> {
  const rows = await db
    .select(categoryColumns)
    .from(goodCategories)
    .where(
      and(
        eq(goodCategories.companyId, companyId),
        options.parentId === undefined ? undefined : eq(goodCategories.parentCategoryId, options.parentId),
      ),
    )
    .orderBy(...byWeight)
  return withIncludes(db, companyId, rows, options.include)
}

/** One category of the company, or undefined (a category of another company is not found either). */
export async function findGoodCategory(
  db: Database,
  companyId: number,
  categoryId: number,
  include: Include,
): Promise<GoodCategory | undefined> {
  const rows = await db
    .select(categoryColumns)
    .from(goodCategories)
    .where(and(eq(goodCategories.companyId, companyId), eq(goodCategories.id, categoryId)))
  const [category] = await withIncludes(db, companyId, rows, include)
  return category
}
