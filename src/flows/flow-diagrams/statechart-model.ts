import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import type { ScreenMeta } from '../../../machines/route-meta'
import {
  guardLabel,
  ownTransitionsOf,
  transitionKey,
  transitionLabel,
  triggerLabel,
} from '../../flow-graph/transition-label'
import {
  stateDescriptionOf,
  transitionDescriptionOf,
  triggerOf,
  type Trigger,
} from '../../flow-graph/descriptions'

/** What kind of trigger a transition has, so the diagram can draw timers and eventless ones apart. */
export type TriggerKind = 'event' | 'after' | 'always' | 'done' | 'error' | 'route'

/** One state node as the diagram draws it; the root is the machine itself. */
export interface DiagramState {
  /** The XState node id, e.g. `signIn.form.failed`; unique in the machine. */
  id: string
  key: string
  /** The machine's plain-language description (English, the key of its catalog message). */
  description?: string
  /** Keys from the root down, empty for the root. */
  path: string[]
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  /** The state its parent enters first. */
  initial: boolean
  route?: string
  area?: string
  entry: string[]
  exit: string[]
  invokes: { id: string; src: string }[]
  /** The timers the state starts, e.g. `after 1000`. */
  timers: string[]
  children: DiagramState[]
}

/** One transition candidate as the diagram draws it. */
export interface DiagramTransition {
  /** The same key the coverage report and the live inspector use (`source|event|index`). */
  key: string
  source: string
  /** Target state ids; a targetless transition points back at its source. */
  targets: string[]
  /** `event [guard]`, as in docs/flows and docs/coverage. */
  label: string
  trigger: string
  kind: TriggerKind
  /** The trigger as the plain-language label reads it. */
  cause: Trigger
  /** The machine's plain-language description (English, the key of its catalog message). */
  description?: string
  guard?: string
  actions: string[]
  /** True when the transition only runs actions and stays in its state. */
  internal: boolean
}

export interface StatechartModel {
  machineId: string
  root: DiagramState
  /** Every state below the root, parents before children. */
  states: DiagramState[]
  transitions: DiagramTransition[]
}

/** How an action reads: its name, or the built-in it is (`assign`, `raise`, ...). */
export function actionLabel(action: unknown): string {
  if (typeof action === 'string') return action
  if (typeof action === 'function') {
    const type = (action as { type?: unknown }).type
    if (typeof type === 'string') return type.replace(/^xstate\./, '')
    return action.name || 'action'
  }
  if (typeof action === 'object' && action !== null && 'type' in action) return String(action.type)
  return 'action'
}

function kindOf(transition: AnyTransitionDefinition): TriggerKind {
  const trigger = triggerLabel(transition)
  if (trigger === 'always') return 'always'
  if (trigger.startsWith('after ')) return 'after'
  if (trigger.startsWith('done')) return 'done'
  if (trigger.startsWith('error: ')) return 'error'
  if (trigger === 'route') return 'route'
  return 'event'
}

function toDiagramTransition(transition: AnyTransitionDefinition): DiagramTransition {
  const source = transition.source.id
  const targets = transition.target?.length ? transition.target.map((target) => target.id) : [source]
  return {
    key: transitionKey(transition),
    source,
    targets,
    label: transitionLabel(transition),
    trigger: triggerLabel(transition),
    kind: kindOf(transition),
    cause: triggerOf(transition),
    description: transitionDescriptionOf(transition),
    guard: transition.guard ? guardLabel(transition.guard) : undefined,
    actions: (transition.actions ?? []).map(actionLabel),
    internal: !transition.target?.length,
  }
}

function toDiagramState(node: AnyStateNode, initialIds: Set<string>): DiagramState {
  const meta = node.meta as Partial<ScreenMeta> | undefined
  const initial = new Set(node.initial?.target.map((target) => target.id) ?? [])
  const timers = [...node.transitions.values()]
    .flat()
    .map(triggerLabel)
    .filter((trigger) => trigger.startsWith('after '))
  return {
    id: node.id,
    key: node.key,
    description: stateDescriptionOf(node),
    path: [...node.path],
    type: node.type,
    initial: initialIds.has(node.id),
    route: typeof meta?.route === 'string' ? meta.route : undefined,
    area: typeof meta?.area === 'string' ? meta.area : undefined,
    entry: node.entry.map(actionLabel),
    exit: node.exit.map(actionLabel),
    invokes: node.invoke.map((definition) => ({
      id: definition.id,
      src: typeof definition.src === 'string' ? definition.src : definition.id,
    })),
    timers: [...new Set(timers)],
    children: Object.values(node.states).map((child) => toDiagramState(child, initial)),
  }
}

function flatten(state: DiagramState): DiagramState[] {
  return state.children.flatMap((child) => [child, ...flatten(child)])
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)]
}

/**
 * The machine as plain data for the diagram: nested states with their routes, actions, invoked
 * actors and timers, and every transition with the label that docs/flows uses.
 */
export function statechartModelOf(machine: AnyStateMachine): StatechartModel {
  const root = toDiagramState(machine.root, new Set())
  return {
    machineId: machine.id,
    root,
    states: flatten(root),
    transitions: allNodes(machine.root).flatMap((node) => ownTransitionsOf(node).map(toDiagramTransition)),
  }
}
