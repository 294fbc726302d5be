import type { AnyStateMachine } from 'xstate'
import { stateNodesOf } from '../../../flow-graph/transition-label'
import type { DiagramState, DiagramTransition, StatechartModel } from '../statechart-model'

/** One moment of a path: the states the flow is in, and the transition that brought it there. */
export interface PathStep {
  /** The innermost active states (one per parallel region), in the order the machine declares them. */
  leafIds: string[]
  /** The innermost active states and every state around them, the machine's root excluded. */
  activeIds: string[]
  /** The transition taken to reach this step; none for the start. */
  transition?: DiagramTransition
  /** The state this step is about: the innermost one the transition entered, or where it stayed. */
  focusId: string
}

/** A walk through the machine from its initial state, as the playback shows it. */
export interface FlowPath {
  /** `happy`, or the path's number in the list (1-based), as the address names it. */
  id: string
  kind: 'happy' | 'transition'
  /** The transition the path ends with: every transition of the machine has the shortest path that takes it. */
  transition?: DiagramTransition
  /** The start, then one step per transition taken. */
  steps: PathStep[]
}

interface Graph {
  byId: Map<string, DiagramState>
  parentOf: Map<string, string>
}

function graphOf(model: StatechartModel): Graph {
  const byId = new Map<string, DiagramState>([[model.root.id, model.root]])
  const parentOf = new Map<string, string>()
  const visit = (state: DiagramState) => {
    for (const child of state.children) {
      byId.set(child.id, child)
      parentOf.set(child.id, state.id)
      visit(child)
    }
  }
  visit(model.root)
  return { byId, parentOf }
}

/** The state and every state around it, innermost first, up to and including the root. */
function lineageOf(graph: Graph, stateId: string): string[] {
  const lineage = [stateId]
  for (let parent = graph.parentOf.get(stateId); parent; parent = graph.parentOf.get(parent)) {
    lineage.push(parent)
  }
  return lineage
}

const isLeaf = (state: DiagramState) => state.children.length === 0

/**
 * The innermost states entered when `stateId` is entered on the way to `targets`: a compound state enters the
 * child that leads to a target, or its initial child; a parallel state enters every region.
 */
function enteredLeaves(graph: Graph, stateId: string, targets: ReadonlySet<string>): string[] {
  const state = graph.byId.get(stateId)!
  if (isLeaf(state)) return [state.id]
  if (state.type === 'parallel') {
    return state.children.flatMap((child) => enteredLeaves(graph, child.id, targets))
  }
  const towardsTarget = state.children.find((child) =>
    [...targets].some((target) => lineageOf(graph, target).includes(child.id)),
  )
  const next = towardsTarget ?? state.children.find((child) => child.initial) ?? state.children[0]!
  return enteredLeaves(graph, next.id, targets)
}

/**
 * The state whose inside a transition replaces: the innermost state around both the source and the targets,
 * the source itself when it only moves between its own children. A parallel state is left whole, since a
 * region never moves into another one.
 */
function domainOf(graph: Graph, transition: DiagramTransition): string {
  const sourceLineage = lineageOf(graph, transition.source)
  const targetLineages = transition.targets.map((target) => lineageOf(graph, target))
  const intoSource = targetLineages.every((lineage) => lineage.includes(transition.source))
  let domain =
    intoSource && transition.targets.every((target) => target !== transition.source)
      ? transition.source
      : (sourceLineage.slice(1).find((id) => targetLineages.every((lineage) => lineage.includes(id))) ??
        sourceLineage.at(-1)!)
  while (graph.byId.get(domain)?.type === 'parallel' && graph.parentOf.has(domain)) {
    domain = graph.parentOf.get(domain)!
  }
  return domain
}

/** The innermost active states after `transition` is taken from `leaves`. */
function leavesAfter(graph: Graph, leaves: string[], transition: DiagramTransition): string[] {
  if (transition.internal) return leaves
  const domain = domainOf(graph, transition)
  const kept = leaves.filter((leaf) => !lineageOf(graph, leaf).slice(1).includes(domain))
  const targets = new Set(transition.targets)
  const domainState = graph.byId.get(domain)!
  const entered = domainState.children
    .filter((child) => [...targets].some((target) => lineageOf(graph, target).includes(child.id)))
    .flatMap((child) => enteredLeaves(graph, child.id, targets))
  return orderedLeaves(graph, [...kept, ...entered])
}

/** Leaves in the order the machine declares its states, so that equal configurations read the same. */
function orderedLeaves(graph: Graph, leaves: string[]): string[] {
  const order = [...graph.byId.keys()]
  return [...new Set(leaves)].sort((a, b) => order.indexOf(a) - order.indexOf(b))
}

function activeIdsOf(graph: Graph, leaves: string[], rootId: string): string[] {
  const active = new Set(leaves.flatMap((leaf) => lineageOf(graph, leaf)))
  active.delete(rootId)
  return [...graph.byId.keys()].filter((id) => active.has(id))
}

/** A compound state is finished when its active child is final; a parallel one when every region is. */
function isFinished(graph: Graph, stateId: string, leaves: string[]): boolean {
  const state = graph.byId.get(stateId)!
  if (state.type === 'parallel') return state.children.every((region) => isFinished(graph, region.id, leaves))
  return leaves.some((leaf) => graph.parentOf.get(leaf) === stateId && graph.byId.get(leaf)?.type === 'final')
}

/**
 * The transitions that can be taken in a configuration. Guards are not evaluated: each guarded branch is a way
 * the flow can go. "When this part is finished" waits for the part's final state, and a final state of the
 * machine ends the flow.
 */
function enabledTransitions(model: StatechartModel, graph: Graph, leaves: string[]): DiagramTransition[] {
  const ended = leaves.some(
    (leaf) => graph.parentOf.get(leaf) === model.root.id && graph.byId.get(leaf)?.type === 'final',
  )
  if (ended) return []
  const active = new Set([model.root.id, ...activeIdsOf(graph, leaves, model.root.id)])
  return model.transitions.filter(
    (transition) =>
      active.has(transition.source) &&
      (transition.cause.kind !== 'finished' || isFinished(graph, transition.source, leaves)),
  )
}

interface Reached {
  leaves: string[]
  previous?: Reached
  transition?: DiagramTransition
}

/** The innermost state a step shows: the first one entered, or the one inside the transition's source. */
function focusOf(graph: Graph, at: Reached): string {
  const entered = at.leaves.filter((leaf) => !at.previous?.leaves.includes(leaf))
  const source = at.transition?.source
  const inSource = source ? at.leaves.find((leaf) => lineageOf(graph, leaf).includes(source)) : undefined
  return entered[0] ?? inSource ?? at.leaves[0]!
}

function stepsOf(graph: Graph, rootId: string, end: Reached): PathStep[] {
  const chain: Reached[] = []
  for (let at: Reached | undefined = end; at; at = at.previous) chain.unshift(at)
  return chain.map((at) => ({
    leafIds: at.leaves,
    activeIds: activeIdsOf(graph, at.leaves, rootId),
    ...(at.transition ? { transition: at.transition } : {}),
    focusId: focusOf(graph, at),
  }))
}

/**
 * Breadth-first over the configurations the machine can be in; `allowed` decides which transitions a path may go
 * through. A URL opened directly (a route transition) is never a step on the way elsewhere.
 */
function explore(
  model: StatechartModel,
  graph: Graph,
  allowed: (transition: DiagramTransition) => boolean,
  visit: (from: Reached, transition: DiagramTransition, to: Reached) => void,
) {
  const start: Reached = { leaves: enteredLeaves(graph, model.root.id, new Set()) }
  const seen = new Set([start.leaves.join(' ')])
  const queue = [start]
  for (let at = queue.shift(); at; at = queue.shift()) {
    for (const transition of enabledTransitions(model, graph, at.leaves)) {
      if (!allowed(transition)) continue
      const next: Reached = { leaves: leavesAfter(graph, at.leaves, transition), previous: at, transition }
      visit(at, transition, next)
      const key = next.leaves.join(' ')
      if (seen.has(key) || transition.kind === 'route') continue
      seen.add(key)
      queue.push(next)
    }
  }
  return start
}

/** The tag of the final state that is a flow's successful end, where the flow has several ends. */
export const successTag = 'success'

/** The ids of the states the machine tags as its successful end. */
export function successEndsOf(machine: AnyStateMachine): string[] {
  return stateNodesOf(machine)
    .filter((node) => node.tags.includes(successTag))
    .map((node) => node.id)
}

/** The event a transition answers, without the candidate's position: `source|event`. */
const triggerKeyOf = (transition: DiagramTransition) =>
  transition.key.slice(0, transition.key.lastIndexOf('|'))

/**
 * What a step costs the happy path: the ordinary course (an event, a successful call, the fallback of a choice)
 * costs one; a special case costs a thousand, so that any ordinary route wins over it. A special case is a
 * guarded branch whose event also has an unguarded fallback, or a timer running out.
 */
function happyCostOf(transitions: DiagramTransition[]) {
  const withFallback = new Set(transitions.filter((item) => !item.guard).map(triggerKeyOf))
  return (transition: DiagramTransition) =>
    (transition.guard && withFallback.has(triggerKeyOf(transition))) || transition.kind === 'after' ? 1000 : 1
}

/**
 * The happy path: the ordinary course from the start to the flow's successful end, without a failed call, a
 * URL opened directly or a special case where an ordinary way exists (shortest among those). The successful
 * end is the top-level state the machine tags `success` (a final one, or one the flow may leave again, as a paid
 * visit is left by a refund), or else its only final state. None when the flow never ends.
 */
export function happyPathOf(model: StatechartModel, successIds: readonly string[]): FlowPath | undefined {
  const graph = graphOf(model)
  const topLevel = model.states.filter((state) => graph.parentOf.get(state.id) === model.root.id)
  const finals = topLevel.filter((state) => state.type === 'final')
  // A success a flow may still leave (a paid visit, by a refund) is its end all the same.
  const goal =
    successIds.find((id) => topLevel.some((state) => state.id === id)) ??
    (finals.length === 1 ? finals[0]!.id : undefined)
  if (!goal) return undefined
  const cost = happyCostOf(model.transitions)
  // Dijkstra over the configurations; they are few (tens), so a sorted frontier is enough.
  const start: Reached = { leaves: enteredLeaves(graph, model.root.id, new Set()) }
  const best = new Map([[start.leaves.join(' '), 0]])
  const frontier: { at: Reached; cost: number }[] = [{ at: start, cost: 0 }]
  while (frontier.length > 0) {
    frontier.sort((a, b) => a.cost - b.cost)
    const { at, cost: spent } = frontier.shift()!
    if (spent > (best.get(at.leaves.join(' ')) ?? Infinity)) continue
    if (at.leaves.includes(goal))
      return { id: 'happy', kind: 'happy', steps: stepsOf(graph, model.root.id, at) }
    for (const transition of enabledTransitions(model, graph, at.leaves)) {
      if (transition.kind === 'error' || transition.kind === 'route' || transition.internal) continue
      const next: Reached = { leaves: leavesAfter(graph, at.leaves, transition), previous: at, transition }
      const nextCost = spent + cost(transition)
      const key = next.leaves.join(' ')
      if (nextCost >= (best.get(key) ?? Infinity)) continue
      best.set(key, nextCost)
      frontier.push({ at: next, cost: nextCost })
    }
  }
  return undefined
}

/**
 * The paths of a machine as the model tests generate them: for every transition that can be taken, the
 * shortest path from the start that ends by taking it, in the order the machine declares its transitions;
 * the happy path first when the flow has an end.
 */
export function flowPathsOf(model: StatechartModel, successIds: readonly string[] = []): FlowPath[] {
  const graph = graphOf(model)
  const ending = new Map<string, Reached>()
  explore(
    model,
    graph,
    () => true,
    (_from, transition, to) => {
      if (!ending.has(transition.key)) ending.set(transition.key, to)
    },
  )
  const byTransition = model.transitions
    .filter((transition) => ending.has(transition.key))
    .map((transition, index) => ({
      id: String(index + 1),
      kind: 'transition' as const,
      transition,
      steps: stepsOf(graph, model.root.id, ending.get(transition.key)!),
    }))
  const happy = happyPathOf(model, successIds)
  return happy ? [happy, ...byTransition] : byTransition
}
