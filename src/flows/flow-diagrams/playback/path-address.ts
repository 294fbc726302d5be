import * as v from 'valibot'
import type { FlowPath } from './flow-paths'

/**
 * The address of a path being played: `?path=<id>&step=<n>`. The id is `happy` or the path's number in the list
 * (a transition's key is read too); the step counts transitions taken, 0 being the start.
 */
export interface PlaybackSearch {
  path?: string
  step?: number
}

// The router reads `path=3` as a number and `path=happy` as a string; both name a path.
const pathSchema = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(300))
const stepSchema = v.pipe(v.number(), v.integer(), v.minValue(0))

/** The playback part of a diagram's search params; a malformed value is left out rather than refused. */
export function playbackSearchOf(search: Record<string, unknown>): PlaybackSearch {
  const path = v.safeParse(pathSchema, search.path)
  const step = v.safeParse(stepSchema, search.step)
  return {
    ...(path.success && path.output !== '' ? { path: path.output } : {}),
    ...(path.success && step.success ? { step: step.output } : {}),
  }
}

/** The path an address names: by its id, or by the key of the transition it ends with. */
export function pathOfAddress(paths: FlowPath[], pathId: string | undefined): FlowPath | undefined {
  if (pathId === undefined) return undefined
  return paths.find((path) => path.id === pathId) ?? paths.find((path) => path.transition?.key === pathId)
}

/** The step an address names, kept within the path: a step past the end is the end. */
export function stepWithin(path: FlowPath, step: number | undefined): number {
  return Math.min(Math.max(step ?? 0, 0), path.steps.length - 1)
}

/** The search params as the address writes them: a numbered path as a number, so it reads `path=3`, not `"3"`. */
export interface PlaybackAddress {
  path?: string | number
  step?: number
}

export function addressOf(search: PlaybackSearch): PlaybackAddress {
  const { path, ...rest } = search
  if (path === undefined) return rest
  return { path: /^[1-9]\d{0,5}$/.test(path) ? Number(path) : path, ...rest }
}
