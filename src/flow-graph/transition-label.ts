import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'

/** Every state node below the root, parents before children, in the order the machine declares them. */
export function descendantStateNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...descendantStateNodes(child)])
}

/** The machine's state nodes without its root, which is always active and so never "reached". */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  return descendantStateNodes(machine.root)
}

/**
 * The outgoing transitions of one state node: `on`, `after`, invoke done/error and state `onDone`
 * (all of which XState keeps in `transitions`), then `always`, which it keeps apart.
 */
export function ownTransitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])]
}

/**
 * A name for a transition that survives `machine.provide()`: providing builds new state nodes
 * and transition objects, but the source id, the event and the candidate's position stay the same.
 */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const { source, eventType } = transition
  const siblings = eventType === '' ? (source.always ?? []) : (source.transitions.get(eventType) ?? [])
  return `${source.id}|${eventType}|${siblings.indexOf(transition)}`
}

/** How a transition's trigger reads in a diagram: the event, or what XState's internal event stands for. */
export function triggerLabel(transition: AnyTransitionDefinition): string {
  const { eventType } = transition
  if (eventType === '') return 'always'
  const delay = (transition as { delay?: unknown }).delay
  if (delay !== undefined) return `after ${String(delay)}`
  if (eventType === 'xstate.route') return 'route'
  const internal: [string, string][] = [
    ['xstate.done.actor.', 'done: '],
    ['xstate.error.actor.', 'error: '],
    ['xstate.snapshot.', 'snapshot: '],
  ]
  for (const [prefix, label] of internal) {
    if (eventType.startsWith(prefix)) return label + eventType.slice(prefix.length)
  }
  if (eventType.startsWith('xstate.done.state.')) return 'done'
  return eventType
}

/** A guard as people read it: its name, or the combination of names for and/or/not/stateIn. */
export function guardLabel(guard: unknown): string {
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String(guard.type)
  if (typeof guard !== 'function') return 'guard'
  const combined = guard as { name: string; guards?: unknown[]; stateValue?: unknown }
  const parts = (combined.guards ?? []).map(guardLabel)
  if (combined.name === 'not') return `!${parts[0] ?? ''}`
  if (combined.name === 'and') return parts.join(' && ')
  if (combined.name === 'or') return parts.join(' || ')
  if (combined.name === 'stateIn') return `in ${JSON.stringify(combined.stateValue)}`
  return combined.name || 'guard'
}

/** `event [guard]`, the label of a transition in diagrams and coverage reports. */
export function transitionLabel(transition: AnyTransitionDefinition): string {
  const trigger = triggerLabel(transition)
  // XState gives route transitions its own `event.to` check, and-ed with the state's guard if it
  // has one; the target already says where the route goes, so only the state's own guard is shown.
  const guard =
    transition.eventType === 'xstate.route'
      ? (transition.guard as { guards?: unknown[] } | undefined)?.guards?.[1]
      : transition.guard
  return guard ? `${trigger} [${guardLabel(guard)}]` : trigger
}
