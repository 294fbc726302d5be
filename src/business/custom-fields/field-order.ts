/**
 * The ids in the order after moving the one at `index` one place up (-1) or down (+1); null when it is already
 * at that end. The whole order is what the sort call takes, so the list shown is the list saved.
 */
export function orderAfterMove(ids: readonly number[], index: number, step: -1 | 1): number[] | null {
  const target = index + step
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return null
  const order = [...ids]
  const [moved] = order.splice(index, 1)
  order.splice(target, 0, moved!)
  return order
}
