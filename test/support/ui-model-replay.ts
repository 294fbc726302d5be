import { waitFor } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject, AnyStateMachine } from 'xstate'
import { inspectWithinThisPage, subscribeToInspector, type InspectedState } from '../../src/app/inspection'
import { startModelActor, type ModelActorOptions } from './model-actor-run'
import { stateKeyOf, type ModelPath, type ModelStep, type WalkRecord } from './model-coverage'
import { writeWalkRecord } from './walk-record-writer'

/** What a screen step reports back: events the screen sent on its own on the way (say, an edit before a submit). */
export interface PlayedStep {
  alsoSent?: AnyEventObject[]
  /** History entries the user's own action added on the way (a link followed before the step's answer). */
  entriesAdded?: number
}

/** The app's history, as the memory history of `renderApp` holds it. */
interface AppHistory {
  length: number
  location: { pathname: string }
}

export interface ScreenReplayOptions extends ModelActorOptions {
  /**
   * The rendered app's history, once it is rendered: each step that moves the flow to another screen must add
   * one history entry when the state's screen says `push`, and none when it says `replace`.
   */
  history?: () => AppHistory | undefined
  /** Events that stand for a URL the test opened itself (its own entry), whose history is not checked. */
  urlEvents?: string[]
}

/**
 * Replays model paths through the rendered screens and records what the app's OWN actors of the machine
 * walked: the app creates them with `inspectionOptions()` (src/app/inspection.ts), which this replay switches
 * on for the page, and every macrostep they take is heard here. The walk record therefore holds only
 * states and transitions that the app really went through, so a screen wired to the wrong event, or a
 * step the app skipped, leaves a gap that `assertFullCoverage` reports. It is also written as the
 * suite's `screen` walk record for `npm run coverage:paths`. After every step it also checks that the app's actor
 * went through the model's state of that step, in order, and that history grew as the state's screen says.
 *
 * A twin of the machine (deferred actors) still follows each path beside the app, only to check that the
 * steps a test plays, with the events a screen sends on its own, are a path of the machine at all.
 */
export function createScreenReplay(machine: AnyStateMachine, options: ScreenReplayOptions = {}) {
  const { history, urlEvents = ['xstate.route'], ...actorOptions } = options
  inspectWithinThisPage()
  const walked: WalkRecord = {
    machineId: machine.id,
    stateIds: new Set(),
    transitionKeys: new Set(),
    paths: 0,
  }

  /**
   * The states the app's actor of `machine` settled in, in order (one per macrostep, as the model counts
   * them), and how many of the model's steps so far were found in it, in the same order.
   */
  let appTrace: string[] = []
  let modelStates: string[] = []
  let traceCursor = 0
  let matched = 0

  /** Finds the model's states, in order, in what the app went through; the app may be ahead of the model. */
  function matchModelStates(): number {
    while (matched < modelStates.length) {
      const found = appTrace.indexOf(modelStates[matched]!, traceCursor)
      if (found === -1) break
      traceCursor = found + 1
      matched += 1
    }
    return matched
  }

  function hear(state: InspectedState) {
    const key = leafKeyOf(machine.id, state.activeStateIds)
    if (appTrace.at(-1) !== key) appTrace.push(key)
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
    appTrace = []
    modelStates = []
    traceCursor = 0
    matched = 0
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
    const twin = startModelActor(machine, actorOptions)
    try {
      for (const [index, step] of path.steps.entries()) {
        const entriesBefore = history?.()?.length
        const played = await playStep(step, index)
        for (const event of [...(played?.alsoSent ?? []), step.event]) await twin.perform(event)
        expect(stateKeyOf(twin.actor.getSnapshot().value)).toBe(step.state)
        // The app's own actor went through the model's state of every step, in the model's order (it may
        // already be further on, when a screen answers a step by itself), not only at the end of the path. A
        // flow whose screen mounts later (its first steps play before the app renders, or while a route loader
        // fetches its data) is matched from its first state once it runs, and by the path's end at the latest.
        // A step that stays in its state (a self-transition) is one state in both traces.
        if (modelStates.at(-1) !== sortedLeaves(step.state)) modelStates.push(sortedLeaves(step.state))
        const last = index === path.steps.length - 1
        if (appTrace.length > 0 || last)
          await waitFor(() =>
            expect(
              modelStates.slice(0, matchModelStates()),
              `the app's ${machine.id} did not go through the model's states; it went through ${appTrace.join(' → ')}`,
            ).toEqual(modelStates),
          )
        const previous = path.steps[index - 1]
        const historyNow = history?.()
        if (
          historyNow &&
          entriesBefore !== undefined &&
          previous?.route !== undefined &&
          step.route !== undefined &&
          !urlEvents.includes(step.event.type)
        ) {
          // A step within one screen adds no entry; a move to another screen adds one unless it replaces.
          const added =
            (played?.entriesAdded ?? 0) + (step.route !== previous.route && step.history === 'push' ? 1 : 0)
          await waitFor(() =>
            expect(
              historyNow.length - entriesBefore,
              `history entries added by ${step.event.type} (${previous.route} → ${step.route}, ${step.history})`,
            ).toBe(added),
          )
        }
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

/**
 * The model's name for an inspected state: its active leaves without the machine id (`form.failed`), parallel
 * regions joined by ` | ` in the order the machine declares them (the order XState lists active nodes).
 */
export function leafKeyOf(machineId: string, activeStateIds: string[]): string {
  const leaves = activeStateIds.filter((id) => !activeStateIds.some((other) => other.startsWith(`${id}.`)))
  return leaves
    .map((id) => id.slice(machineId.length + 1))
    .sort()
    .join(' | ')
}

/** A model state key with its parallel regions in the order `leafKeyOf` writes them. */
function sortedLeaves(state: string): string {
  return state.split(' | ').sort().join(' | ')
}
