import { selfAndDescendantIds } from '../../../contract/goods/category-tree'
import { rootGoodCategoryParentId, type GoodCategory } from '../../../contract/goods/schemas'

/** One category in the tree, with the categories directly inside it. */
export interface CategoryNode {
  category: GoodCategory
  /** 0 at the top level. */
  depth: number
  children: CategoryNode[]
}

const byWeight = (a: GoodCategory, b: GoodCategory) => a.weight - b.weight || a.id - b.id

/**
 * The company's flat list of categories as a tree, each level in weight order (as the server orders them). A
 * category whose parent is missing from the list is shown at the top level rather than lost.
 */
export function buildCategoryTree(categories: readonly GoodCategory[]): CategoryNode[] {
  const ids = new Set(categories.map((category) => category.id))
  const childrenOf = new Map<number, GoodCategory[]>()
  for (const category of [...categories].sort(byWeight)) {
    const parent = ids.has(category.parent_category_id)
      ? category.parent_category_id
      : rootGoodCategoryParentId
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), category])
  }
  const placed = new Set<number>()
  const build = (parent: number, depth: number): CategoryNode[] =>
    (childrenOf.get(parent) ?? [])
      .filter((category) => !placed.has(category.id))
      .map((category) => {
        placed.add(category.id)
        return { category, depth, children: build(category.id, depth + 1) }
      })
  return build(rootGoodCategoryParentId, 0)
}

/** The tree in reading order: each category, then everything inside it. */
export function flattenTree(nodes: readonly CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)])
}

/** A category that can hold another one, with its path from the top level ("Hair care / Shampoos"). */
export interface ParentChoice {
  id: number
  path: string
  depth: number
}

/**
 * The categories that may hold `categoryId` (every category for a new one, `null`), in tree order: all but the
 * category itself and those below it, since a category inside its own subcategory would make the tree a loop.
 * The top level (parent 0) is always a valid choice and is not listed here.
 */
export function parentChoices(
  categories: readonly GoodCategory[],
  categoryId: number | null,
): ParentChoice[] {
  const excluded = categoryId === null ? new Set<number>() : selfAndDescendantIds(categories, categoryId)
  const choices: ParentChoice[] = []
  const walk = (nodes: readonly CategoryNode[], path: string[]) => {
    for (const node of nodes) {
      if (excluded.has(node.category.id)) continue
      const nodePath = [...path, node.category.title]
      choices.push({ id: node.category.id, path: nodePath.join(' / '), depth: node.depth })
      walk(node.children, nodePath)
    }
  }
  walk(buildCategoryTree(categories), [])
  return choices
}

/** The ids of the categories above this one, nearest first: the ones to open so that it shows. */
export function ancestorIds(categories: readonly GoodCategory[], categoryId: number): number[] {
  const parentOf = new Map(categories.map((category) => [category.id, category.parent_category_id]))
  const found: number[] = []
  let current = parentOf.get(categoryId)
  while (current !== undefined && current !== rootGoodCategoryParentId && !found.includes(current)) {
    found.push(current)
    current = parentOf.get(current)
  }
  return found
}
