import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { selfAndDescendantIds, wouldMakeLoop } from '../../contract/goods/category-tree'
import type { GoodCategory } from '../../contract/goods/schemas'
import {
  ancestorIds,
  buildCategoryTree,
  flattenTree,
  parentChoices,
  type CategoryNode,
} from '../../src/business/goods/category-tree'

const category = (id: number, parent: number, title: string, weight = 0): GoodCategory => ({
  id,
  parent_category_id: parent,
  title,
  weight,
})

// Hair care (Shampoos (Dry shampoos), Conditioners), Nail care (Gel polish); listed out of order on purpose.
const shelf = [
  category(4, 1, 'Conditioners', 1),
  category(2, 0, 'Nail care', 1),
  category(3, 1, 'Shampoos', 0),
  category(1, 0, 'Hair care', 0),
  category(6, 3, 'Dry shampoos', 0),
  category(5, 2, 'Gel polish', 0),
]

const outline = (nodes: CategoryNode[]): unknown[] =>
  nodes.map((node) =>
    node.children.length > 0 ? [node.category.title, outline(node.children)] : node.category.title,
  )

describe('the goods category tree', () => {
  it('nests each category under its parent, every level in weight order', () => {
    const tree = buildCategoryTree(shelf)
    expect(outline(tree)).toEqual([
      ['Hair care', [['Shampoos', ['Dry shampoos']], 'Conditioners']],
      ['Nail care', ['Gel polish']],
    ])
    expect(flattenTree(tree).map((node) => [node.category.title, node.depth])).toEqual([
      ['Hair care', 0],
      ['Shampoos', 1],
      ['Dry shampoos', 2],
      ['Conditioners', 1],
      ['Nail care', 0],
      ['Gel polish', 1],
    ])
  })

  it('orders equal weights by id, and shows a category whose parent is missing at the top level', () => {
    const tree = buildCategoryTree([
      category(9, 0, 'Later'),
      category(8, 0, 'Earlier'),
      category(7, 42, 'Lost'),
    ])
    expect(outline(tree)).toEqual(['Lost', 'Earlier', 'Later'])
    expect(buildCategoryTree([])).toEqual([])
  })

  it('offers as new parents every category but the one moved and those below it, with their paths', () => {
    expect(parentChoices(shelf, 3)).toEqual([
      { id: 1, path: 'Hair care', depth: 0 },
      { id: 4, path: 'Hair care / Conditioners', depth: 1 },
      { id: 2, path: 'Nail care', depth: 0 },
      { id: 5, path: 'Nail care / Gel polish', depth: 1 },
    ])
    expect(parentChoices(shelf, 1).map((choice) => choice.id)).toEqual([2, 5])
    expect(parentChoices(shelf, 6).map((choice) => choice.id)).toEqual([1, 3, 4, 2, 5])
    // A new category may go anywhere.
    expect(parentChoices(shelf, null).map((choice) => choice.path)).toContain(
      'Hair care / Shampoos / Dry shampoos',
    )
  })

  it('names the categories to open for one to show, nearest first', () => {
    expect(ancestorIds(shelf, 6)).toEqual([3, 1])
    expect(ancestorIds(shelf, 1)).toEqual([])
    expect(ancestorIds(shelf, 99)).toEqual([])
  })

  it('refuses, like the server, exactly the moves that would make a loop', () => {
    expect(wouldMakeLoop(shelf, 1, 6)).toBe(true)
    expect(wouldMakeLoop(shelf, 1, 1)).toBe(true)
    expect(wouldMakeLoop(shelf, 3, 4)).toBe(false)
    expect(wouldMakeLoop(shelf, 3, 0)).toBe(false)
    expect([...selfAndDescendantIds(shelf, 1)].sort()).toEqual([1, 3, 4, 6])
  })

  it('agrees with the server rule on any tree: a parent is offered if and only if the move makes no loop', () => {
    // A random forest: each category's parent is 0 or an earlier category, so the input itself has no loop.
    const forest = fc
      .array(fc.nat(), { minLength: 1, maxLength: 25 })
      .map((picks) =>
        picks.map((pick, index) => category(index + 1, pick % (index + 1), `C${index + 1}`, pick % 3)),
      )
    fc.assert(
      fc.property(forest, fc.nat(), (categories, pick) => {
        const moved = categories[pick % categories.length]!.id
        const offered = new Set(parentChoices(categories, moved).map((choice) => choice.id))
        for (const candidate of categories) {
          expect(offered.has(candidate.id)).toBe(!wouldMakeLoop(categories, moved, candidate.id))
        }
        expect(wouldMakeLoop(categories, moved, 0)).toBe(false)
        // The tree holds every category exactly once.
        expect(
          flattenTree(buildCategoryTree(categories))
            .map((node) => node.category.id)
            .sort((a, b) => a - b),
        ).toEqual(categories.map((c) => c.id))
      }),
    )
  })
})
