import type { Box } from './initial-view'

export type Direction = 'up' | 'down' | 'left' | 'right'

export const directionOfKey: Readonly<Record<string, Direction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
}

interface Placed extends Box {
  id: string
}

const centerOf = (box: Box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 })

/**
 * The box an arrow key moves to from `fromId`: the nearest one whose centre lies in that direction, where a box
 * straight ahead is nearer than one off to the side (the sideways offset counts twice).
 */
export function boxInDirection<T extends Placed>(
  boxes: T[],
  fromId: string,
  direction: Direction,
): T | undefined {
  const from = boxes.find((box) => box.id === fromId)
  if (!from) return undefined
  const origin = centerOf(from)
  let best: { box: T; score: number } | undefined
  for (const box of boxes) {
    if (box.id === fromId) continue
    const center = centerOf(box)
    const dx = center.x - origin.x
    const dy = center.y - origin.y
    const ahead = { up: -dy, down: dy, left: -dx, right: dx }[direction]
    const aside = Math.abs(direction === 'up' || direction === 'down' ? dx : dy)
    if (ahead <= 0) continue
    const score = ahead + aside * 2
    if (!best || score < best.score) best = { box, score }
  }
  return best?.box
}

/**
 * Boxes in reading order, top to bottom and left to right, which is also the order Tab follows. A state box
 * always starts above the boxes inside it, so parents still come (and are painted) before their children.
 */
export function inReadingOrder<T extends Box>(boxes: T[]): T[] {
  return [...boxes].sort((a, b) => a.y - b.y || a.x - b.x)
}
