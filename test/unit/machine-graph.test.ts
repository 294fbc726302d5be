import { describe, expect, it } from 'vitest'
import {
  graphDiffOf,
  machineGraphOf,
  machineVersionOf,
  outlineOf,
} from '../../contract/flow-reviews/machine-graph'
import { machineCatalog } from '../../src/flows/flow-diagrams/machine-catalog'
import { statechartModelOf } from '../../src/flows/flow-diagrams/statechart-model'

describe('the reviewable graph of a machine', () => {
  it('names the states and transitions the diagram draws, with the same keys', () => {
    for (const { machine } of machineCatalog) {
      const graph = machineGraphOf(machine)
      const model = statechartModelOf(machine)
      expect(
        graph.states.map((state) => state.id),
        machine.id,
      ).toEqual(model.states.map((state) => state.id))
      expect(
        graph.transitions.map((transition) => transition.key),
        machine.id,
      ).toEqual(model.transitions.map((transition) => transition.key))
    }
  })

  it('has a version that changes with a state, a target or a description, and not with the order', () => {
    const graph = machineGraphOf(machineCatalog.find((entry) => entry.machine.id === 'signIn')!.machine)
    const version = machineVersionOf(graph)
    expect(version).toMatch(/^[0-9a-f]{16}$/)
    expect(machineVersionOf({ ...graph, states: [...graph.states].reverse() })).toBe(version)
    expect(machineVersionOf({ ...graph, states: graph.states.slice(1) })).not.toBe(version)
    const [first, ...rest] = graph.transitions
    expect(
      machineVersionOf({ ...graph, transitions: [{ ...first!, targets: ['signIn.elsewhere'] }, ...rest] }),
    ).not.toBe(version)
    expect(
      machineVersionOf({ ...graph, transitions: [{ ...first!, description: 'Reworded' }, ...rest] }),
    ).not.toBe(version)
    const versions = new Set(machineCatalog.map(({ machine }) => machineVersionOf(machineGraphOf(machine))))
    expect(versions.size).toBe(machineCatalog.length)
  })

  it('diffs two outlines by states and transitions added and removed', () => {
    expect(
      graphDiffOf(
        { states: ['a', 'b'], transitions: ['a|go|0'] },
        { states: ['b', 'c'], transitions: ['a|go|0', 'b|back|0'] },
      ),
    ).toEqual({
      addedStates: ['c'],
      removedStates: ['a'],
      addedTransitions: ['b|back|0'],
      removedTransitions: [],
    })
    const outline = outlineOf(machineGraphOf(machineCatalog[0]!.machine))
    expect(graphDiffOf(outline, outline)).toEqual({
      addedStates: [],
      removedStates: [],
      addedTransitions: [],
      removedTransitions: [],
    })
  })
})
