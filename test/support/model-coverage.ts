import { TestModel, toDirectedGraph, type DirectedGraphNode, type TestPath } from '@xstate/graph'
import { expect } from 'vitest'
import type { ActorLogic, AnyEventObject, AnyMachineSnapshot, AnyStateMachine, StateValue } from 'xstate'
import { screenMetaOf } from '../../machines/route-meta'
import { transitionKey, transitionLabel } from '../../src/flow-graph/transition-label'
import {
  initEventType,
  startModelActor,
  type FiredAction,
  type ModelActorOptions,
  type StepObservation,
} from './model-actor-run'

/**
 * The events a model tries, by type, each with its example payloads (without `type`). A state
 * is offered only the cases it accepts (`snapshot.can`), so one list serves every state; a
 * function form picks cases from the snapshot. Deferred actors answer through
 * `xstate.done.actor.<id>` (`{ output }`) and `xstate.error.actor.<id>` (`{ error }`), and
 * timers through `xstate.after.<delay>.<stateId>` (`{}`). Event types left out are never tried,
 * so a forgotten event shows up as an uncovered transition rather than a silent guess.
 */
export type EventCases = Record<
  string,
  readonly object[] | ((snapshot: AnyMachineSnapshot) => readonly object[])
>

export interface MachineModelOptions extends ModelActorOptions {
  events: EventCases
  /**
   * Context that must count as a different state, kept bounded by the test, e.g.
   * `({ context }) => Math.min(context.resends, 3)` when a guard looks at a counter. By default
   * two snapshots differ only in state value and pending actors.
   */
  distinguish?: (snapshot: AnyMachineSnapshot) => unknown
}

/** One step of a generated path as plain data, for screen tests that replay it through drivers and MSW. */
export interface ModelStep {
  /** `xstate.init` first (render the screen), then the event the model sends or settles. */
  event: AnyEventObject
  /** The active leaf states, dotted (`form.failed`); parallel regions are joined by ` | `. */
  state: string
  /** The route of the screen the state shows, from its `meta`, when it is a screen. */
  route: string | undefined
  /** How entering the state's screen changes history (`meta.history`, push by default); undefined off-screen. */
  history: 'push' | 'replace' | undefined
  /** Invoke ids of actors that wait for an answer in this state. */
  pendingActors: string[]
}

export interface ModelPath {
  description: string
  steps: ModelStep[]
}

/** One step as it ran on the live actor, handed to the test's own assertions. */
export interface WalkedStep extends ModelStep {
  /** The state before the event; undefined for the init step. */
  from: string | undefined
  /** The state after each microstep, so `['invalid', 'signedOut']` shows a pass through `invalid`. */
  passedThrough: string[]
  /** Named actions the machine asked the app to run, in order. */
  actions: FiredAction[]
  /** Actors started, by invoke id, with the input the machine gave them. */
  started: { id: string; src: string; input: unknown }[]
  snapshot: AnyMachineSnapshot
}

/** What every walked path of one machine reached; `assertFullCoverage` compares it with the graph. */
export interface WalkRecord {
  machineId: string
  stateIds: Set<string>
  transitionKeys: Set<string>
  paths: number
}

export interface CoverageFigures {
  states: number
  transitions: number
  paths: number
}

export interface MachineModel {
  paths: ModelPath[]
  walked: WalkRecord
  /** Runs one path on a fresh live actor, checks each state against the model, then calls `expectStep`. */
  walk: (path: ModelPath, expectStep?: (step: WalkedStep) => void) => Promise<void>
}

type MachineTestPath = TestPath<AnyMachineSnapshot, AnyEventObject>

/** Dotted leaf states of a state value: `{ form: 'failed' }` becomes `form.failed`. */
export function stateKeyOf(value: StateValue): string {
  const leaves = (current: StateValue, prefix: string): string[] =>
    typeof current === 'string'
      ? [prefix + current]
      : Object.entries(current).flatMap(([key, child]) =>
          child === undefined || Object.keys(child).length === 0
            ? [prefix + key]
            : leaves(child, `${prefix}${key}.`),
        )
  return leaves(value, '').join(' | ')
}

function pendingActorsOf(snapshot: AnyMachineSnapshot): string[] {
  return Object.keys(snapshot.children).sort()
}

type Serialize = (snapshot: AnyMachineSnapshot) => string

/** The state without context: counters and payloads would make the state space infinite. */
function stateSerializer(distinguish?: (snapshot: AnyMachineSnapshot) => unknown): Serialize {
  return (snapshot) => {
    const pending = pendingActorsOf(snapshot)
    const detail = distinguish ? ` with ${stringifyPayload(distinguish(snapshot))}` : ''
    return stateKeyOf(snapshot.value) + (pending.length > 0 ? ` awaiting ${pending.join(', ')}` : '') + detail
  }
}

/**
 * Makes each (state, event, previous state) its own vertex, so a shortest path to every vertex
 * is a path through every transition, self-transitions and every payload case included.
 */
function transitionAware(serializeState: Serialize) {
  return (snapshot: AnyMachineSnapshot, event?: AnyEventObject, previous?: AnyMachineSnapshot) => {
    const reached = serializeState(snapshot)
    if (!event || !previous) return reached
    return `${reached} via ${stringifyPayload(event)} from ${serializeState(previous)}`
  }
}

/** JSON that tells errors apart: `JSON.stringify(new TypeError('x'))` is `{}`, which would merge cases. */
function stringifyPayload(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item instanceof Error ? `${item.name}: ${item.message}` : item,
  )
}

function eventLabel(event: AnyEventObject): string {
  const { type, ...payload } = event
  return Object.keys(payload).length > 0 ? `${type} ${stringifyPayload(payload)}` : type
}

/**
 * Builds the model of `machine`: the shortest path to every transition the declared events can
 * take, stopping at final states, and a walker that runs a path on a live actor whose actors are
 * deferred fakes.
 */
export function createMachineModel(machine: AnyStateMachine, options: MachineModelOptions): MachineModel {
  const { events: cases, distinguish, ...actorOptions } = options
  const serializeModelState = stateSerializer(distinguish)
  const casesFor = (snapshot: AnyMachineSnapshot): AnyEventObject[] =>
    Object.entries(cases).flatMap(([type, payloads]) =>
      (typeof payloads === 'function' ? payloads(snapshot) : payloads)
        .map((payload) => ({ ...payload, type }))
        .filter((event) => snapshot.can(event)),
    )

  const testModel = new TestModel(
    machine as unknown as ActorLogic<AnyMachineSnapshot, AnyEventObject, unknown>,
    {
      serializeState: transitionAware(serializeModelState),
      events: casesFor,
      stopWhen: (snapshot) => snapshot.status !== 'active',
      input: actorOptions.input,
    },
  )
  const testPaths = new Map<ModelPath, MachineTestPath>()
  const paths = testModel.getShortestPaths().map((testPath) => {
    const steps = testPath.steps.map(({ event, state }) => ({
      event,
      state: stateKeyOf(state.value),
      route: screenMetaOf(state)?.route,
      history: screenMetaOf(state) ? (screenMetaOf(state)?.history ?? 'push') : undefined,
      pendingActors: pendingActorsOf(state),
    }))
    const events = steps.slice(1).map((step) => eventLabel(step.event))
    const path = { description: `reaches ${steps.at(-1)?.state}: ${events.join(' → ') || 'start'}`, steps }
    testPaths.set(path, testPath)
    return path
  })

  const walked: WalkRecord = {
    machineId: machine.id,
    stateIds: new Set(),
    transitionKeys: new Set(),
    paths: 0,
  }

  async function walk(path: ModelPath, expectStep?: (step: WalkedStep) => void) {
    const testPath = testPaths.get(path)
    if (!testPath) throw new Error(`"${path.description}" is not a path of the ${machine.id} model`)
    const run = startModelActor(machine, actorOptions)
    const perform = (step: { event: AnyEventObject }) => run.perform(step.event)
    let index = 0

    // Called by TestModel after each event: the live actor must be where the model says it is.
    const checkState = (modelSnapshot: AnyMachineSnapshot) => {
      const expected = path.steps[index]!
      const snapshot = run.actor.getSnapshot() as AnyMachineSnapshot
      const observation = run.takeObservation()
      expect(snapshot.status, `${machine.id} failed: ${String(snapshot.error)}`).not.toBe('error')
      expect(serializeModelState(snapshot)).toBe(serializeModelState(modelSnapshot))
      record(walked, snapshot, observation)
      expectStep?.({
        ...expected,
        from: path.steps[index - 1]?.state,
        passedThrough: observation.microsteps.map((step) => stateKeyOf(step.value)),
        actions: observation.actions,
        started: observation.started.map(({ id, src, input }) => ({ id, src, input })),
        snapshot,
      })
      index += 1
    }

    try {
      await testPath.test({
        events: Object.fromEntries(path.steps.map((step) => [step.event.type, perform])),
        states: { '*': checkState },
      })
    } finally {
      run.actor.stop()
    }
    walked.paths += 1
  }

  return { paths, walked, walk }
}

function record(walked: WalkRecord, snapshot: AnyMachineSnapshot, observation: StepObservation) {
  for (const node of [...snapshot._nodes, ...observation.microsteps.flatMap((step) => step._nodes)]) {
    walked.stateIds.add(node.id)
  }
  // A transition's source was active too, even a transient initial state that no snapshot shows.
  for (const transition of observation.transitions) {
    walked.transitionKeys.add(transitionKey(transition))
    walked.stateIds.add(transition.source.id)
  }
}

/**
 * Fails unless the walked paths reached every state node and took every transition of
 * `toDirectedGraph(machine)`, nested states, invoke done/error and `always` included; the
 * message lists what is missing. Prints and returns the machine's figures.
 */
export function assertFullCoverage(machine: AnyStateMachine, walked: WalkRecord): CoverageFigures {
  expect(walked.machineId, 'the walk record belongs to another machine').toBe(machine.id)
  const states = new Map<string, string>()
  const transitions = new Map<string, string>()
  const visit = (graphNode: DirectedGraphNode, isRoot: boolean) => {
    const node = graphNode.stateNode
    if (!isRoot) states.set(node.id, `#${node.id}`)
    const edgeTransitions = graphNode.edges.map((edge) => edge.transition)
    for (const transition of [...edgeTransitions, ...(node.always ?? [])]) {
      const targets = transition.target?.map((target) => `#${target.id}`).join(', ') ?? `#${node.id}`
      transitions.set(transitionKey(transition), `#${node.id} --${transitionLabel(transition)}--> ${targets}`)
    }
    for (const child of graphNode.children) visit(child, false)
  }
  visit(toDirectedGraph(machine), true)

  const missingStates = [...states].filter(([id]) => !walked.stateIds.has(id)).map(([, label]) => label)
  const missingTransitions = [...transitions]
    .filter(([key]) => !walked.transitionKeys.has(key))
    .map(([, label]) => label)
  const figures = { states: states.size, transitions: transitions.size, paths: walked.paths }
  console.log(
    `${machine.id}: ${figures.states} states, ${figures.transitions} transitions, ${figures.paths} paths`,
  )
  if (missingStates.length > 0 || missingTransitions.length > 0) {
    const list = (title: string, items: string[]) =>
      items.length ? [`  ${title}:`, ...items.map((item) => `    ${item}`)] : []
    throw new Error(
      [
        `${machine.id} is not fully covered; add event cases that reach:`,
        ...list('states', missingStates),
        ...list('transitions', missingTransitions),
      ].join('\n'),
    )
  }
  return figures
}

export { initEventType }
