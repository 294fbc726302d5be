import { toDirectedGraph, type DirectedGraphNode } from '@xstate/graph'
import type { AnyStateMachine } from 'xstate'
import type {
  CoverageReport,
  Figures,
  LevelCoverage,
  MachineCoverage,
} from '../../src/flow-graph/coverage-report'
import { transitionKey, transitionLabel } from '../../src/flow-graph/transition-label'
import {
  mergeWalkRecords,
  walkLevels,
  type WalkLevel,
  type WalkRecord,
} from '../../src/flow-graph/walk-record'

/** The levels at which machines have no suite on purpose, by machine id, with the reason. */
export type LevelsWithoutSuites = Record<string, Partial<Record<WalkLevel, string>>>

/** Every state (root left out) and transition of the graph, as `assertFullCoverage` counts them. */
export function graphItemsOf(machine: AnyStateMachine) {
  const states: string[] = []
  const transitions = new Map<string, { key: string; source: string; label: string; targets: string[] }>()
  const visit = (graphNode: DirectedGraphNode, isRoot: boolean) => {
    const node = graphNode.stateNode
    if (!isRoot) states.push(node.id)
    for (const transition of [...graphNode.edges.map((edge) => edge.transition), ...(node.always ?? [])]) {
      const key = transitionKey(transition)
      transitions.set(key, {
        key,
        source: node.id,
        label: transitionLabel(transition),
        targets: transition.target?.map((target) => target.id) ?? [node.id],
      })
    }
    for (const child of graphNode.children) visit(child, false)
  }
  visit(toDirectedGraph(machine), true)
  return { states, transitions: [...transitions.values()] }
}

/** Whether the walked part reaches the bar of its level: all states and transitions, the browser's reachable ones. */
function shortfallOf(level: WalkLevel, coverage: LevelCoverage): string | null {
  const { figures } = coverage
  const reachable = figures.transitions - coverage.unreachable.length
  const parts: string[] = []
  if (level !== 'browser' && figures.statesCovered < figures.states)
    parts.push(`states ${figures.statesCovered}/${figures.states}`)
  if (figures.transitionsCovered < reachable)
    parts.push(
      level === 'browser'
        ? `reachable transitions ${figures.transitionsCovered}/${reachable}`
        : `transitions ${figures.transitionsCovered}/${figures.transitions}`,
    )
  return parts.length > 0 ? parts.join(', ') : null
}

const emptyFigures = (): Figures => ({
  states: 0,
  statesCovered: 0,
  transitions: 0,
  transitionsCovered: 0,
  paths: 0,
})

/**
 * The coverage report from what the suites walked: for each machine of `machines/` and each level, the
 * union of that level's walk records against the machine's graph. A level is required (below 100% fails)
 * unless `withoutSuites` names it for the machine; a required level without records fails too, and so does
 * a record of a machine that no longer exists.
 */
export function buildCoverageReport(
  machines: readonly AnyStateMachine[],
  records: readonly WalkRecord[],
  withoutSuites: LevelsWithoutSuites,
): CoverageReport {
  const failures: string[] = []
  const known = new Set(machines.map((machine) => machine.id))
  for (const record of records) {
    if (!known.has(record.machine))
      failures.push(
        `${record.suite} recorded a walk of "${record.machine}", which machines/ does not export.`,
      )
  }

  const report: MachineCoverage[] = [...machines]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((machine) => {
      const items = graphItemsOf(machine)
      const merged = Object.fromEntries(
        walkLevels.map((level) => [
          level,
          mergeWalkRecords(records.filter((r) => r.level === level && r.machine === machine.id)),
        ]),
      ) as Record<WalkLevel, ReturnType<typeof mergeWalkRecords>>

      const levels = Object.fromEntries(
        walkLevels.map((level): [WalkLevel, LevelCoverage] => {
          const walked = merged[level]
          const why = withoutSuites[machine.id]?.[level]
          const hasRecords = walked.suites.length > 0
          const coverage: LevelCoverage = {
            status: hasRecords ? 'walked' : why ? 'none' : 'missing',
            ...(why && !hasRecords ? { why } : {}),
            required: hasRecords || !why,
            suites: walked.suites,
            figures: {
              states: items.states.length,
              statesCovered: items.states.filter((id) => walked.states.has(id)).length,
              transitions: items.transitions.length,
              transitionsCovered: items.transitions.filter(({ key }) => walked.transitions.has(key)).length,
              paths: walked.paths,
            },
            unreachable: items.transitions
              .filter(({ key }) => walked.unreachable.has(key))
              .map(({ key, label, source }) => ({
                key,
                label: `#${source} --${label}-->`,
                reason: walked.unreachable.get(key)!,
              })),
          }
          if (coverage.status === 'missing')
            failures.push(`${machine.id}: no ${level}-level walk record; run its ${level} suite first.`)
          else if (coverage.required) {
            const shortfall = shortfallOf(level, coverage)
            if (shortfall) failures.push(`${machine.id}: ${level} level below 100% (${shortfall}).`)
          }
          return [level, coverage]
        }),
      ) as Record<WalkLevel, LevelCoverage>

      const levelsOf = (walkedHere: (level: WalkLevel) => boolean) => walkLevels.filter(walkedHere)
      return {
        id: machine.id,
        levels,
        states: items.states.map((id) => ({
          id,
          walkedAt: levelsOf((level) => merged[level].states.has(id)),
        })),
        transitions: items.transitions.map((transition) => ({
          ...transition,
          walkedAt: levelsOf((level) => merged[level].transitions.has(transition.key)),
        })),
      }
    })

  const totals = Object.fromEntries(
    walkLevels.map((level) => {
      const total = { ...emptyFigures(), machines: 0 }
      for (const machine of report) {
        const coverage = machine.levels[level]
        if (coverage.status !== 'walked') continue
        total.machines += 1
        for (const key of Object.keys(coverage.figures) as (keyof Figures)[])
          total[key] += coverage.figures[key]
      }
      return [level, total]
    }),
  ) as CoverageReport['totals']

  return { totals, machines: report, failures }
}
