import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { transitionKey } from '../../src/flow-graph/transition-label'
import { startModelActor, type ModelActorOptions } from '../support/model-actor-run'
import type { ModelPath } from '../support/model-coverage'

/** The states and transitions one path reaches on a live actor of the bare machine (deferred actors). */
async function reachedBy(machine: AnyStateMachine, path: ModelPath, options: ModelActorOptions) {
  const run = startModelActor(machine, options)
  const keys = new Set<string>()
  try {
    for (const step of path.steps) {
      await run.perform(step.event)
      const observation = run.takeObservation()
      const snapshots = [run.actor.getSnapshot() as AnyMachineSnapshot, ...observation.microsteps]
      for (const node of snapshots.flatMap((snapshot) => snapshot._nodes)) keys.add(node.id)
      for (const transition of observation.transitions) {
        keys.add(transitionKey(transition))
        keys.add(transition.source.id)
      }
    }
  } finally {
    run.actor.stop()
  }
  return keys
}

/**
 * Picks, greedily, model paths until every state and transition that the paths reach is taken by
 * one of them. A screen test plays each path as a whole visit through the rendered app, so the
 * onboarding and confirmation-channel screen suites replay this subset rather than every path (each
 * path's prefix is already walked by a longer one); `assertFullCoverage` still checks the result.
 */
export async function coveringPaths(
  machine: AnyStateMachine,
  paths: ModelPath[],
  options: ModelActorOptions = {},
): Promise<ModelPath[]> {
  const reached = await Promise.all(
    paths.map(async (path) => ({ path, keys: await reachedBy(machine, path, options) })),
  )
  const covered = new Set<string>()
  const chosen: ModelPath[] = []
  for (;;) {
    let best: (typeof reached)[number] | undefined
    let gain = 0
    for (const candidate of reached) {
      const newKeys = [...candidate.keys].filter((key) => !covered.has(key)).length
      if (newKeys > gain) [best, gain] = [candidate, newKeys]
    }
    if (!best) return chosen
    chosen.push(best.path)
    for (const key of best.keys) covered.add(key)
  }
}
