import { and, asc, count, eq, max } from 'drizzle-orm'
import { wouldMakeLoop } from '../../../contract/goods/category-tree'
import {
  rootGoodCategoryParentId,
  type GoodCategory,
  type GoodCategoryUpdate,
} from '../../../contract/goods/schemas'
import type { Database } from '../../db/database'
import { goodCategories, goods } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import type { RecordChange } from '../change-log/request-audit'
import { withUniqueTitle } from '../positions/unique-violation'

/** Categories side by side have names of their own (the unique index of migration 0035). */
const DUPLICATE_TITLE_MESSAGE = /*i18n*/ 'a category with this title is already at this level'

type CategoryRow = typeof goodCategories.$inferSelect

const toApiCategory = (row: CategoryRow): GoodCategory => ({
  id: row.id,
  parent_category_id: row.parentCategoryId,
  title: row.title,
  weight: row.weight,
})

const notFound = () => new HttpError(404, /*i18n*/ 'Goods category not found')

const parentRefused = (message: string) =>
  new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors: { parent_category_id: [message] } })

const NOT_A_PARENT = /*i18n*/ 'names no goods category of this company'

/**
 * Locks and answers the category that is to hold another one (FOR SHARE: a delete of it waits, and one that came
 * first leaves nothing to lock). The top level needs no lock. A category of another company is no parent.
 */
async function lockParent(tx: Database, companyId: number, parentId: number): Promise<void> {
  if (parentId === rootGoodCategoryParentId) return
  const [parent] = await tx
    .select({ id: goodCategories.id })
    .from(goodCategories)
    .where(and(eq(goodCategories.companyId, companyId), eq(goodCategories.id, parentId)))
    .for('share')
  if (!parent) throw parentRefused(NOT_A_PARENT)
}

/** The weight that puts a category after its new siblings. */
async function weightAfterSiblings(tx: Database, companyId: number, parentId: number): Promise<number> {
  const [row] = await tx
    .select({ highest: max(goodCategories.weight) })
    .from(goodCategories)
    .where(and(eq(goodCategories.companyId, companyId), eq(goodCategories.parentCategoryId, parentId)))
  return row?.highest === null || row?.highest === undefined ? 0 : row.highest + 1
}

/** A new category at the end of its parent's list (the top level when the parent id is 0). */
export async function createGoodCategory(
  db: Database,
  companyId: number,
  input: { title: string; parent_category_id: number },
  record: RecordChange,
): Promise<GoodCategory> {
  return withUniqueTitle(
    db.transaction(async (tx) => {
      await lockParent(tx, companyId, input.parent_category_id)
      const [row] = await tx
        .insert(goodCategories)
        .values({
          companyId,
          parentCategoryId: input.parent_category_id,
          title: input.title,
          weight: await weightAfterSiblings(tx, companyId, input.parent_category_id),
        })
        .returning()
      await record(tx, {
        entity: 'good_category',
        entityId: row!.id,
        operation: 'created',
        changes: { title: input.title, parent_category_id: input.parent_category_id },
      })
      return toApiCategory(row!)
    }),
    DUPLICATE_TITLE_MESSAGE,
  )
}

/**
 * Renames and/or moves a category. A move locks every category of the company first (in id order, so two moves
 * never wait on each other crosswise), and checks the loop rule on the tree as it is under those locks: of two
 * moves at once that together would close a loop, the second sees the first one's result and is refused.
 */
export async function updateGoodCategory(
  db: Database,
  companyId: number,
  id: number,
  input: GoodCategoryUpdate,
  record: RecordChange,
): Promise<GoodCategory> {
  return withUniqueTitle(
    db.transaction(async (tx) => {
      const moving = input.parent_category_id !== undefined
      const locked = moving
        ? await tx
            .select({ id: goodCategories.id, parent_category_id: goodCategories.parentCategoryId })
            .from(goodCategories)
            .where(eq(goodCategories.companyId, companyId))
            .orderBy(asc(goodCategories.id))
            .for('update')
        : await tx
            .select({ id: goodCategories.id, parent_category_id: goodCategories.parentCategoryId })
            .from(goodCategories)
            .where(and(eq(goodCategories.companyId, companyId), eq(goodCategories.id, id)))
            .for('update')
      const current = locked.find((category) => category.id === id)
      if (!current) throw notFound()
      const parentId = input.parent_category_id ?? current.parent_category_id
      const parentChanges = parentId !== current.parent_category_id
      if (parentChanges) {
        if (parentId !== rootGoodCategoryParentId && !locked.some((category) => category.id === parentId)) {
          throw parentRefused(NOT_A_PARENT)
        }
        if (wouldMakeLoop(locked, id, parentId)) {
          throw parentRefused(/*i18n*/ 'must not be the category itself or one of its own subcategories')
        }
      }
      const changed = {
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(parentChanges
          ? { parentCategoryId: parentId, weight: await weightAfterSiblings(tx, companyId, parentId) }
          : {}),
      }
      const thisCategory = and(eq(goodCategories.companyId, companyId), eq(goodCategories.id, id))
      // Naming the parent it already has, and no title, changes nothing: there is nothing to set.
      const [row] =
        Object.keys(changed).length === 0
          ? await tx.select().from(goodCategories).where(thisCategory)
          : await tx.update(goodCategories).set(changed).where(thisCategory).returning()
      await record(tx, {
        entity: 'good_category',
        entityId: id,
        operation: parentChanges ? 'moved' : 'updated',
        changes: {
          ...(input.title === undefined ? {} : { title: input.title }),
          ...(input.parent_category_id === undefined ? {} : { parent_category_id: parentId }),
        },
      })
      return toApiCategory(row!)
    }),
    DUPLICATE_TITLE_MESSAGE,
  )
}

/** The sentence that says what keeps a category from going: its subcategories and goods, counted. */
function stillHolds(subcategories: number, goods: number): HttpError {
  const text =
    goods === 0
      ? /*i18n*/ 'The category still holds {subcategories, plural, one {# subcategory} other {# subcategories}}; move or delete them first'
      : subcategories === 0
        ? /*i18n*/ 'The category still holds {goods, plural, one {# good} other {# goods}}; move or delete them first'
        : /*i18n*/ 'The category still holds {subcategories, plural, one {# subcategory} other {# subcategories}} and {goods, plural, one {# good} other {# goods}}; move or delete them first'
  return new HttpError(409, text, { messageValues: { subcategories, goods } })
}

/**
 * Deletes an empty category. One that still holds subcategories or goods is refused (409) with their counts: a
 * delete that took them along, or left them without a category, would lose stock the salon still counts. The row
 * is locked first, so a subcategory created or moved into it meanwhile is either seen here or refused there.
 */
export async function deleteGoodCategory(
  db: Database,
  companyId: number,
  id: number,
  record: RecordChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(goodCategories)
      .where(and(eq(goodCategories.companyId, companyId), eq(goodCategories.id, id)))
      .for('update')
    if (!current) throw notFound()
    const [children] = await tx
      .select({ n: count() })
      .from(goodCategories)
      .where(and(eq(goodCategories.companyId, companyId), eq(goodCategories.parentCategoryId, id)))
    const [held] = await tx
      .select({ n: count() })
      .from(goods)
      .where(and(eq(goods.companyId, companyId), eq(goods.categoryId, id)))
    const childCount = children?.n ?? 0
    const goodCount = held?.n ?? 0
    if (childCount > 0 || goodCount > 0) {
      throw stillHolds(childCount, goodCount)
    }
    await tx
      .delete(goodCategories)
      .where(and(eq(goodCategories.companyId, companyId), eq(goodCategories.id, id)))
    await record(tx, {
      entity: 'good_category',
      entityId: id,
      operation: 'deleted',
      changes: { title: current.title, parent_category_id: current.parentCategoryId },
    })
  })
}
