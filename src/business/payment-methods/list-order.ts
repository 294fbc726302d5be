/** The list with the item at `index` moved one place up (-1) or down (1); the same list when it cannot move. */
export function moveItem<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list]
  const moved = [...list]
  ;[moved[index], moved[target]] = [moved[target]!, moved[index]!]
  return moved
}
