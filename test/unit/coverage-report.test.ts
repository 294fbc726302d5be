import { describe, expect, it } from 'vitest'
import { createMachine } from 'xstate'
import { buildCoverageReport, graphItemsOf } from '../../scripts/path-coverage/build-report'
import { renderCoverageIndex } from '../../scripts/path-coverage/render-coverage'
import type { WalkLevel, WalkRecord } from '../../src/flow-graph/walk-record'

// A door: closed --open--> opened --close--> closed, and opened --lock--> locked (final).
const door = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened' } },
    opened: { on: { close: 'closed', lock: 'locked' } },
    locked: { type: 'final' },
  },
})
const allStates = ['door.closed', 'door.opened', 'door.locked']
const allTransitions = ['door.closed|open|0', 'door.opened|close|0', 'door.opened|lock|0']

function record(level: WalkLevel, suite: string, walked: Partial<WalkRecord> = {}): WalkRecord {
  return {
    level,
    machine: 'door',
    suite,
    states: allStates,
    transitions: allTransitions,
    paths: 2,
    ...walked,
  }
}

const everyLevel = [
  record('machine', 'test/model/door.machine.test.ts'),
  record('screen', 'test/model/door.screens.test.tsx'),
  record('browser', 'test/e2e/door.model-paths.test.ts'),
]

describe('the coverage report built from walk records', () => {
  it('counts the graph the way assertFullCoverage does', () => {
    const items = graphItemsOf(door)
    expect(items.states).toEqual(allStates)
    expect(items.transitions.map((transition) => transition.key).sort()).toEqual([...allTransitions].sort())
  })

  it('reports each level apart, names the suites from the records and passes at 100%', () => {
    const report = buildCoverageReport([door], everyLevel, {})
    expect(report.failures).toEqual([])
    const [machine] = report.machines
    expect(machine!.levels.screen).toMatchObject({
      status: 'walked',
      required: true,
      suites: ['test/model/door.screens.test.tsx'],
      figures: { states: 3, statesCovered: 3, transitions: 3, transitionsCovered: 3, paths: 2 },
    })
    expect(machine!.transitions.find((t) => t.key === 'door.opened|lock|0')!.walkedAt).toEqual([
      'machine',
      'screen',
      'browser',
    ])
    expect(report.totals.browser).toMatchObject({ machines: 1, transitionsCovered: 3, paths: 2 })
  })

  it('fails when a level below 100% is required, naming what is short', () => {
    const shortScreen = record('screen', 'test/model/door.screens.test.tsx', {
      states: ['door.closed', 'door.opened'],
      transitions: ['door.closed|open|0', 'door.opened|close|0'],
    })
    const report = buildCoverageReport([door], [everyLevel[0]!, shortScreen, everyLevel[2]!], {})
    expect(report.failures).toEqual(['door: screen level below 100% (states 2/3, transitions 2/3).'])
    expect(report.machines[0]!.states.find((s) => s.id === 'door.locked')!.walkedAt).toEqual([
      'machine',
      'browser',
    ])
  })

  it('fails when an expected level left no record, and says "none" where the machine has no suite', () => {
    const records = [everyLevel[0]!]
    expect(buildCoverageReport([door], records, {}).failures).toEqual([
      'door: no screen-level walk record; run its screen suite first.',
      'door: no browser-level walk record; run its browser suite first.',
    ])
    const declared = buildCoverageReport([door], records, {
      door: { screen: 'No screen shows the door.', browser: 'No browser opens the door.' },
    })
    expect(declared.failures).toEqual([])
    expect(declared.machines[0]!.levels.screen).toMatchObject({
      status: 'none',
      why: 'No screen shows the door.',
      required: false,
    })
    expect(declared.totals.screen.machines).toBe(0)
    expect(renderCoverageIndex(declared)).toContain('| none | none | | No screen shows the door. |')
  })

  it('holds the browser to the transitions it can reach and lists the others with their reasons', () => {
    const reason = 'Chromium cannot lock this door.'
    const browser = (transitions: string[], unreachable?: Record<string, string>) =>
      record('browser', 'test/e2e/door.model-paths.test.ts', {
        states: ['door.closed', 'door.opened'],
        transitions,
        unreachable,
      })
    const excused = buildCoverageReport(
      [door],
      [everyLevel[0]!, everyLevel[1]!, browser(allTransitions.slice(0, 2), { 'door.opened|lock|0': reason })],
      {},
    )
    expect(excused.failures).toEqual([])
    expect(excused.machines[0]!.levels.browser.unreachable).toEqual([
      { key: 'door.opened|lock|0', label: '#door.opened --lock-->', reason },
    ])
    expect(renderCoverageIndex(excused)).toContain(reason)

    const short = buildCoverageReport(
      [door],
      [everyLevel[0]!, everyLevel[1]!, browser(allTransitions.slice(0, 1))],
      {},
    )
    expect(short.failures).toEqual(['door: browser level below 100% (reachable transitions 1/3).'])
  })

  it('merges the records of several suites and rejects a record of a machine that does not exist', () => {
    const halves = [
      record('machine', 'test/model/a.test.ts', {
        states: allStates.slice(0, 2),
        transitions: allTransitions.slice(0, 1),
      }),
      record('machine', 'test/model/b.test.ts', {
        states: allStates.slice(2),
        transitions: allTransitions.slice(1),
      }),
      { ...record('machine', 'test/model/gone.test.ts'), machine: 'window' },
    ]
    const report = buildCoverageReport([door], [...halves, ...everyLevel.slice(1)], {})
    expect(report.machines[0]!.levels.machine.suites).toEqual([
      'test/model/a.test.ts',
      'test/model/b.test.ts',
    ])
    expect(report.machines[0]!.levels.machine.figures.paths).toBe(4)
    expect(report.failures).toEqual([
      'test/model/gone.test.ts recorded a walk of "window", which machines/ does not export.',
    ])
  })
})
