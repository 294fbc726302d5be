import { describe, expect, it } from 'vitest'
import { weightsAfterMove } from '../../src/business/categories/category-order'

// Shown highest weight first: Hair, Colouring, Nails.
const menu = [
  { id: 1, weight: 3 },
  { id: 2, weight: 2 },
  { id: 3, weight: 1 },
]

describe('moving a category in the menu', () => {
  it('swaps it with its neighbour, changing only the two weights that differ', () => {
    expect(weightsAfterMove(menu, 2, -1)).toEqual([
      { id: 3, weight: 2 },
      { id: 2, weight: 1 },
    ])
    expect(weightsAfterMove(menu, 0, 1)).toEqual([
      { id: 2, weight: 3 },
      { id: 1, weight: 2 },
    ])
  })

  it('does nothing past either end', () => {
    expect(weightsAfterMove(menu, 0, -1)).toEqual([])
    expect(weightsAfterMove(menu, 2, 1)).toEqual([])
  })

  it('evens out ties and gaps left by earlier edits, so the order it shows is the order saved', () => {
    const tied = [
      { id: 1, weight: 0 },
      { id: 2, weight: 0 },
      { id: 3, weight: 7 },
    ]
    expect(weightsAfterMove(tied, 1, -1)).toEqual([
      { id: 2, weight: 3 },
      { id: 1, weight: 2 },
      { id: 3, weight: 1 },
    ])
  })
})
