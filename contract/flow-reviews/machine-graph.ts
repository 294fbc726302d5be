import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'

/**
 * What a product owner reviews of a machine: its states and transitions with their plain-language descriptions
 * and where each transition leads. The app and the server read it from the same machine with the same code, so
 * both name the same version of a flow.
 */
export interface MachineGraph {
  /** Every state below the root, parents before children: its id and description ('' without one). */
  states: { id: string; description: string }[]
  /** Every transition: its key (`source|event|index`), its target ids and description ('' without one). */
  transitions: { key: string; targets: string[]; description: string }[]
}

function descendants(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...descendants(child)])
}

// The same order and key as src/flow-graph/transition-label.ts (ownTransitionsOf, transitionKey), so a comment
// made on a transition in the diagram names the transition the server knows.
function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])]
}

function keyOf(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition
  const siblings = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? [])
  return `${source.id}|${eventType}|${siblings.indexOf(transition)}`
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** The reviewable graph of a machine. */
export function machineGraphOf(machine: AnyStateMachine): MachineGraph {
  const nodes = descendants(machine.root)
  return {
    states: nodes.map((node) => ({ id: node.id, description: text(node.description) })),
    transitions: [machine.root, ...nodes].flatMap((node) =>
      transitionsOf(node).map((transition) => ({
        key: keyOf(transition),
        targets: (transition.target ?? []).map((target) => target.id),
        description: text((transition as { description?: unknown }).description),
      })),
    ),
  }
}

/**
 * The version of a graph: 16 hex digits of a hash of its canonical text (sorted, so the order in which a
 * machine declares its states does not count). Not a secret: it only tells one graph from another.
 */
export function machineVersionOf(graph: MachineGraph): string {
  const canonical = JSON.stringify([
    graph.states.map((state) => [state.id, state.description]).sort(compareFirst),
    graph.transitions
      .map((item) => [item.key, [...item.targets].sort(), item.description])
      .sort(compareFirst),
  ])
  // cyrb53's mixing, kept to two full 32-bit halves: enough to tell versions of one machine apart.
  let first = 0xdeadbeef
  let second = 0x41c6ce57
  for (let index = 0; index < canonical.length; index += 1) {
    const code = canonical.charCodeAt(index)
    first = Math.imul(first ^ code, 2654435761)
    second = Math.imul(second ^ code, 1597334677)
  }
  first = Math.imul(first ^ (first >>> 16), 2246822507) ^ Math.imul(second ^ (second >>> 13), 3266489909)
  second = Math.imul(second ^ (second >>> 16), 2246822507) ^ Math.imul(first ^ (first >>> 13), 3266489909)
  const hex = (value: number) => (value >>> 0).toString(16).padStart(8, '0')
  return hex(first) + hex(second)
}

function compareFirst(a: unknown[], b: unknown[]): number {
  const [left, right] = [String(a[0]), String(b[0])]
  return left < right ? -1 : left > right ? 1 : 0
}

/** The state ids and transition keys of a graph: what a "reviewed" mark keeps, so later versions can be compared. */
export interface GraphOutline {
  states: string[]
  transitions: string[]
}

export const outlineOf = (graph: MachineGraph): GraphOutline => ({
  states: graph.states.map((state) => state.id),
  transitions: graph.transitions.map((transition) => transition.key),
})

/** What changed between the reviewed outline and the current one. */
export interface GraphDiff {
  addedStates: string[]
  removedStates: string[]
  addedTransitions: string[]
  removedTransitions: string[]
}

export function graphDiffOf(reviewed: GraphOutline, current: GraphOutline): GraphDiff {
  const missing = (from: string[], other: string[]) => {
    const present = new Set(other)
    return from.filter((item) => !present.has(item))
  }
  return {
    addedStates: missing(current.states, reviewed.states),
    removedStates: missing(reviewed.states, current.states),
    addedTransitions: missing(current.transitions, reviewed.transitions),
    removedTransitions: missing(reviewed.transitions, current.transitions),
  }
}
