import { createHash } from 'node:crypto'
import type { AnyStateMachine } from 'xstate'
import type { ScreenMeta } from '../../machines/route-meta'
import { ownTransitionsOf, stateNodesOf, transitionLabel } from '../../src/flow-graph/transition-label'

/**
 * A short hash of what a machine's screenshots depend on: its states (with kind and route) and its transitions
 * (source, trigger with guard, targets). Descriptions and actions are left out: rewording a state does not change
 * its screen. docs/flows/screens/manifest.json keeps the hash each machine's screenshots were taken from.
 */
export function machineGraphHash(machine: AnyStateMachine): string {
  const nodes = [machine.root, ...stateNodesOf(machine)]
  const graph = {
    id: machine.id,
    states: nodes.map((node) => [
      node.path.join('.'),
      node.type,
      (node.meta as Partial<ScreenMeta> | undefined)?.route ?? null,
    ]),
    transitions: nodes.flatMap((node) =>
      ownTransitionsOf(node).map((transition) => [
        node.path.join('.'),
        transitionLabel(transition),
        (transition.target ?? []).map((target) => target.path.join('.')),
      ]),
    ),
  }
  return createHash('sha256').update(JSON.stringify(graph)).digest('hex').slice(0, 16)
}
