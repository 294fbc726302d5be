/** A category as its order needs it. */
export interface Weighted {
  id: number
  weight: number
}

/**
 * The weight changes that move the category at `index` one place up (-1) or down (+1) in a list shown
 * highest weight first: the list is renumbered from its length down to 1 in the new order, and only the
 * categories whose weight changes are returned (ties and gaps left by earlier edits are evened out too).
 */
export function weightsAfterMove(list: readonly Weighted[], index: number, step: -1 | 1): Weighted[] {
  const target = index + step
  if (target < 0 || target >= list.length) return []
  const order = [...list]
  const [moved] = order.splice(index, 1)
  order.splice(target, 0, moved!)
  return order
    .map((item, position) => ({ id: item.id, weight: order.length - position }))
    .filter((item) => list.find((original) => original.id === item.id)!.weight !== item.weight)
}
