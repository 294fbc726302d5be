import { expect } from 'vitest'
import type { AnyEventObject, AnyStateMachine } from 'xstate'
import { inspectWithinThisPage, subscribeToInspector, type InspectedState } from '../../src/app/inspection'
import { startModelActor, type ModelActorOptions } from './model-actor-run'
import { stateKeyOf, type ModelPath, type ModelStep, type WalkRecord } from './model-coverage'
import { writeWalkRecord } from './walk-record-writer'

/** What a screen step reports back: events the screen sent on its own on the way (say, an edit before a submit). */
export interface PlayedStep {
  alsoSent?: AnyEventObject[]
}

/**
 * Replays model paths through the rendered screens and records what the app's OWN actors of the machine
 * walked: the app creates them with `inspectionOptions()` (src/app/inspection.ts), which this replay switches
 * on for the page, and every macrostep they take is heard here. The walk record therefore holds only
 * states and transitions that the app really went through, so a screen wired to the wrong event, or a
 * step the app skipped, leaves a gap that `assertFullCoverage` reports. It is also written as the
 * suite's `screen` walk record for `npm run coverage:paths`.
 *
 * A twin of the machine (deferred actors) still follows each path beside the app, only to check that the
 * steps a test plays, with the events a screen sends on its own, are a path of the machine at all.
 */
export function createScreenReplay(machine: AnyStateMachine, options: ModelActorOptions = {}) {
  inspectWithinThisPage()
  const walked: WalkRecord = {
    machineId: machine.id,
    stateIds: new Set(),
    transitionKeys: new Set(),
    paths: 0,
  }

  function hear(state: InspectedState) {
    for (const id of state.activeStateIds) walked.stateIds.add(id)
    for (const { key } of state.transitions) {
      walked.transitionKeys.add(key)
      // A transition's source was active even when the macrostep left it before any snapshot (a transient state).
      walked.stateIds.add(key.split('|')[0]!)
    }
  }

  /**
   * Listens to the app's actors of `machine` that start from now on; actors of earlier tests (the inspector
   * repeats their last state to a new listener) are left out. Answers how to stop listening.
   */
  function listen() {
    const earlier = new Set<string>()
    let subscribed = false
    const unsubscribe = subscribeToInspector((state) => {
      if (!subscribed) return void earlier.add(state.actorId)
      if (earlier.has(state.actorId) || state.machineId !== machine.id) return
      hear(state)
    })
    subscribed = true
    return { unsubscribe }
  }

  /** Plays each step on the screen with `playStep` (act, then assert), then confirms it on the twin. */
  async function replay(
    path: ModelPath,
    playStep: (step: ModelStep, index: number) => Promise<PlayedStep | void>,
  ) {
    const suiteFile = expect.getState().testPath
    const app = listen()
    const twin = startModelActor(machine, options)
    try {
      for (const [index, step] of path.steps.entries()) {
        const played = await playStep(step, index)
        for (const event of [...(played?.alsoSent ?? []), step.event]) await twin.perform(event)
        expect(stateKeyOf(twin.actor.getSnapshot().value)).toBe(step.state)
      }
      walked.paths += 1
    } finally {
      twin.actor.stop()
      app.unsubscribe()
      if (suiteFile) writeWalkRecord('screen', suiteFile, walked)
    }
  }

  return { walked, replay }
}
