import { useEffect, useMemo, useState } from 'react'
import type { AnyStateMachine } from 'xstate'
import type { StatechartModel } from '../statechart-model'
import { flowPathsOf, successEndsOf, type FlowPath, type PathStep } from './flow-paths'
import { pathOfAddress, stepWithin, type PlaybackSearch } from './path-address'

/** How long a step shows while a path plays. */
export const stepDuration = 1800

export interface PathPlayback {
  /** The player is open: the paths are computed and one of them is shown. */
  opened: boolean
  /** Every path of the machine, once the player is open. */
  paths: FlowPath[]
  path?: FlowPath
  /** The step shown, 0 being the start. */
  step: number
  current?: PathStep
  playing: boolean
  open: () => void
  close: () => void
  choose: (pathId: string) => void
  go: (step: number) => void
  setPlaying: (playing: boolean) => void
}

export interface PathPlaybackOptions {
  machine: AnyStateMachine
  model: StatechartModel
  /** The path and step in the address. */
  search: PlaybackSearch
  /** Writes the path and step to the address (an empty object removes them). */
  onSearchChange: (search: PlaybackSearch) => void
  /** Each time another step shows: the diagram highlights it and opens what it passes through. */
  onShowStep: (step: PathStep, path: FlowPath) => void
}

/**
 * A path of the machine played step by step, with the address as the one place that says which path and step:
 * the controls write it, and opening the address shows the same step again. The paths are computed from the
 * machine when the player opens, not before.
 */
export function usePathPlayback({
  machine,
  model,
  search,
  onSearchChange,
  onShowStep,
}: PathPlaybackOptions): PathPlayback {
  const [opened, setOpened] = useState(search.path !== undefined)
  const [playing, setPlaying] = useState(false)
  const paths = useMemo(
    () => (opened ? flowPathsOf(model, successEndsOf(machine)) : []),
    [opened, model, machine],
  )
  const path = pathOfAddress(paths, search.path)
  const step = path ? stepWithin(path, search.step) : 0
  const current = path?.steps[step]
  const last = path ? path.steps.length - 1 : 0

  // Opened without a path in the address (or with one that no longer exists): the first path, the happy one
  // where the flow has an end.
  useEffect(() => {
    if (opened && !path && paths[0]) onSearchChange({ path: paths[0].id, step: 0 })
  }, [opened, path, paths, onSearchChange])

  useEffect(() => {
    if (path && current) onShowStep(current, path)
    // Only a new path or step shows again; the callback may change on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path?.id, step, paths])

  // Playing moves a step on after a while and stops at the last one.
  useEffect(() => {
    if (!playing || !path) return
    const timer = setTimeout(() => {
      if (step + 1 >= last) setPlaying(false)
      onSearchChange({ path: path.id, step: Math.min(step + 1, last) })
    }, stepDuration)
    return () => clearTimeout(timer)
  }, [playing, path, step, last, onSearchChange])

  return {
    opened,
    paths,
    path,
    step,
    current,
    playing,
    open: () => setOpened(true),
    close: () => {
      setPlaying(false)
      setOpened(false)
      onSearchChange({})
    },
    choose: (pathId) => {
      setPlaying(false)
      onSearchChange({ path: pathId, step: 0 })
    },
    go: (next) => path && onSearchChange({ path: path.id, step: Math.min(Math.max(next, 0), last) }),
    setPlaying: (next) => {
      // Play from the start again once the end is reached.
      if (next && path && step >= last) onSearchChange({ path: path.id, step: 0 })
      setPlaying(next)
    },
  }
}
