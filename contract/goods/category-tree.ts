import { rootGoodCategoryParentId } from './schemas'

/** A goods category as the tree rules need it: its id and the id of its parent (0 at the top level). */
export interface CategoryLink {
  id: number
  parent_category_id: number
}

/**
 * The ids of a category and of every category below it, at any depth. A parent that loops back on itself (which
 * the server never lets happen) ends the walk instead of running forever.
 */
export function selfAndDescendantIds(categories: readonly CategoryLink[], id: number): Set<number> {
  const childrenOf = new Map<number, number[]>()
  for (const category of categories) {
    const siblings = childrenOf.get(category.parent_category_id) ?? []
    siblings.push(category.id)
    childrenOf.set(category.parent_category_id, siblings)
  }
  const found = new Set<number>([id])
  const waiting = [id]
  while (waiting.length > 0) {
    for (const child of childrenOf.get(waiting.pop()!) ?? []) {
      if (!found.has(child)) {
        found.add(child)
        waiting.push(child)
      }
    }
  }
  return found
}

/**
 * Whether putting category `categoryId` under `parentId` would turn the tree into a loop: the new parent is the
 * category itself or lies somewhere below it. Walks up from the new parent; the top level (0) ends the walk.
 */
export function wouldMakeLoop(
  categories: readonly CategoryLink[],
  categoryId: number,
  parentId: number,
): boolean {
  const parentOf = new Map(categories.map((category) => [category.id, category.parent_category_id]))
  const seen = new Set<number>()
  let current = parentId
  while (current !== rootGoodCategoryParentId && !seen.has(current)) {
    if (current === categoryId) return true
    seen.add(current)
    current = parentOf.get(current) ?? rootGoodCategoryParentId
  }
  return false
}
