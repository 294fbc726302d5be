import { expect } from 'vitest'
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { transitionKey } from '../../src/flow-graph/transition-label'
import { startModelActor, type ModelActorOptions, type StepObservation } from './model-actor-run'
import { stateKeyOf, type ModelPath, type ModelStep, type WalkRecord } from './model-coverage'

/** What a screen step reports back: events the screen sent on its own on the way (say, an edit before a submit). */
export interface PlayedStep {
  alsoSent?: AnyEventObject[]
}

/**
 * Replays model paths through the rendered screens. The machine inside a screen is not reachable
 * from a test, so a twin of it (the same machine with deferred actors) takes each step only after
 * the screen has shown that step's state; the walk record built from the twin therefore holds only
 * transitions that the screens went through, and `assertFullCoverage` reads it.
 */
export function createScreenReplay(machine: AnyStateMachine, options: ModelActorOptions = {}) {
  const walked: WalkRecord = {
    machineId: machine.id,
    stateIds: new Set(),
    transitionKeys: new Set(),
    paths: 0,
  }

  function record(snapshot: AnyMachineSnapshot, observation: StepObservation) {
    for (const node of [...snapshot._nodes, ...observation.microsteps.flatMap((step) => step._nodes)]) {
      walked.stateIds.add(node.id)
    }
    for (const transition of observation.transitions) {
      walked.transitionKeys.add(transitionKey(transition))
      walked.stateIds.add(transition.source.id)
    }
  }

  /** Plays each step on the screen with `playStep` (act, then assert), then confirms it on the twin. */
  async function replay(
    path: ModelPath,
    playStep: (step: ModelStep, index: number) => Promise<PlayedStep | void>,
  ) {
    const twin = startModelActor(machine, options)
    try {
      for (const [index, step] of path.steps.entries()) {
        const played = await playStep(step, index)
        for (const event of [...(played?.alsoSent ?? []), step.event]) {
          await twin.perform(event)
          const snapshot = twin.actor.getSnapshot() as AnyMachineSnapshot
          record(snapshot, twin.takeObservation())
        }
        expect(stateKeyOf(twin.actor.getSnapshot().value)).toBe(step.state)
      }
      walked.paths += 1
    } finally {
      twin.actor.stop()
    }
  }

  return { walked, replay }
}
