import type { AnyStateMachine } from 'xstate'
import type { ModelActorOptions } from '../support/model-actor-run'
import type { ModelPath } from '../support/model-coverage'
import { createScreenReplay } from '../support/ui-model-replay'

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
    paths.map(async (path) => {
      const dryRun = createScreenReplay(machine, options)
      await dryRun.replay(path, async () => {})
      return { path, keys: new Set([...dryRun.walked.transitionKeys, ...dryRun.walked.stateIds]) }
    }),
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
