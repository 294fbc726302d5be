import { toDirectedGraph, type DirectedGraphNode } from '@xstate/graph'
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { startModelActor } from '../../test/support/model-actor-run'
import { createMachineModel, type ModelPath } from '../../test/support/model-coverage'
import { transitionKey, transitionLabel } from '../../src/flow-graph/transition-label'
import type { RegisteredModel } from './model-registry'
import type {
  CoverageReport,
  Figures,
  MachineCoverage,
  TransitionCoverage,
} from '../../src/flow-graph/coverage-report'

/** A test file as the report sees it: its path and its text, to tell which models it replays. */
export interface TestSource {
  path: string
  text: string
}

/** Every state (root left out) and transition of the graph that `assertFullCoverage` checks. */
function graphItemsOf(machine: AnyStateMachine) {
  const states: string[] = []
  const transitions = new Map<string, Omit<TransitionCoverage, 'paths'>>()
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

/** Replays one path on a live actor with deferred actors, as the machine tests do, and notes what it reached. */
async function reachedBy(model: RegisteredModel, path: ModelPath) {
  const { actors, input } = model.modelOptions
  const run = startModelActor(model.machine, { actors, input })
  const stateIds = new Set<string>()
  const transitionKeys = new Set<string>()
  try {
    for (const step of path.steps) {
      await run.perform(step.event)
      const snapshot = run.actor.getSnapshot() as AnyMachineSnapshot
      const observation = run.takeObservation()
      for (const node of [...snapshot._nodes, ...observation.microsteps.flatMap((micro) => micro._nodes)])
        stateIds.add(node.id)
      for (const transition of observation.transitions) {
        transitionKeys.add(transitionKey(transition))
        stateIds.add(transition.source.id)
      }
    }
  } finally {
    run.actor.stop()
  }
  return { stateIds, transitionKeys }
}

/** The module an identifier is imported from in `text`, `machine as signInMachine` included. */
function moduleOfIdentifier(text: string, identifier: string): string | undefined {
  for (const match of text.matchAll(/import\s+\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
    const names = match[1]!.split(',').map((name) =>
      name
        .trim()
        .split(/\s+as\s+/)
        .at(-1),
    )
    if (names.includes(identifier)) return match[2]
  }
  return undefined
}

/**
 * The test files that replay a model's paths: they pass the machine, imported from the model
 * module or from the machine's own module, to `createMachineModel` or `createScreenReplay`.
 */
export function testsOf(model: RegisteredModel, machineSourcePath: string | undefined, tests: TestSource[]) {
  const modules = [model.modelPath.split('/').at(-1)!, machineSourcePath?.split('/').at(-1)]
    .filter((file): file is string => file !== undefined)
    .map((file) => `/${file.replace(/\.ts$/, '')}`)
  return tests
    .filter(({ text }) =>
      [...text.matchAll(/\b(?:createMachineModel|createScreenReplay)\(\s*(\w+)/g)].some((call) => {
        const source = moduleOfIdentifier(text, call[1]!)
        return source !== undefined && modules.some((module) => source.endsWith(module))
      }),
    )
    .map((test) => test.path)
    .sort()
}

function sumFigures(all: Figures[]): Figures {
  const total: Figures = { states: 0, statesCovered: 0, transitions: 0, transitionsCovered: 0, paths: 0 }
  for (const figures of all) {
    for (const key of Object.keys(total) as (keyof Figures)[]) total[key] += figures[key]
  }
  return total
}

/**
 * Generates every model's paths with `createMachineModel`, replays each on a live actor and counts,
 * per state and transition, the paths that reach it.
 */
export async function measurePathCoverage(
  models: RegisteredModel[],
  machineSources: Map<string, string>,
  tests: TestSource[],
): Promise<CoverageReport> {
  const machines: MachineCoverage[] = []
  for (const model of models) {
    const { paths } = createMachineModel(model.machine, model.modelOptions)
    const items = graphItemsOf(model.machine)
    const stateCounts = new Map(items.states.map((id) => [id, 0]))
    const transitionCounts = new Map(items.transitions.map((transition) => [transition.key, 0]))
    for (const path of paths) {
      const reached = await reachedBy(model, path)
      for (const id of reached.stateIds)
        if (stateCounts.has(id)) stateCounts.set(id, stateCounts.get(id)! + 1)
      for (const key of reached.transitionKeys)
        if (transitionCounts.has(key)) transitionCounts.set(key, transitionCounts.get(key)! + 1)
    }
    const states = items.states.map((id) => ({ id, paths: stateCounts.get(id) ?? 0 }))
    const transitions = items.transitions.map((transition) => ({
      ...transition,
      paths: transitionCounts.get(transition.key) ?? 0,
    }))
    machines.push({
      id: model.machine.id,
      modelPath: model.modelPath,
      tests: testsOf(model, machineSources.get(model.machine.id), tests),
      figures: {
        states: states.length,
        statesCovered: states.filter((state) => state.paths > 0).length,
        transitions: transitions.length,
        transitionsCovered: transitions.filter((transition) => transition.paths > 0).length,
        paths: paths.length,
      },
      states,
      transitions,
    })
  }
  return { totals: { machines: machines.length, ...sumFigures(machines.map((m) => m.figures)) }, machines }
}

/** `12/12 (100%)`; an empty set counts as fully covered. */
export function percentOf(covered: number, total: number): string {
  const percent = total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10
  return `${covered}/${total} (${percent}%)`
}

/** True when every state and transition of the machine is reached by at least one path. */
export function isFullyCovered(figures: Figures): boolean {
  return figures.statesCovered === figures.states && figures.transitionsCovered === figures.transitions
}

const generatedNote = '<!-- Generated by `npm run coverage:paths`; do not edit by hand. -->'

/** `docs/coverage/README.md`: one row per machine and the totals. */
export function renderCoverageIndex(report: CoverageReport): string {
  const row = (name: string, figures: Figures, tests: string) =>
    `| ${name} | ${percentOf(figures.statesCovered, figures.states)} | ${percentOf(figures.transitionsCovered, figures.transitions)} | ${figures.paths} | ${tests} |`
  return [
    '# Path coverage',
    '',
    generatedNote,
    '',
    'Every machine in `machines/` has a model in `test/model/<name>.model.ts`; the model-based tests walk',
    'the shortest path to every transition that its event cases allow, on the machine and on the rendered',
    'screens. The bar is 100% of states and transitions for every machine: `test/unit/path-coverage.test.ts`',
    'fails below it and when these pages are stale. The app shows the same figures at `/flows/coverage`.',
    '',
    '| Machine | States | Transitions | Paths | Tests |',
    '|---|---|---|---|---|',
    ...report.machines.map((machine) =>
      row(`[${machine.id}](${machine.id}.md)`, machine.figures, String(machine.tests.length)),
    ),
    row('**Total**', report.totals, String(new Set(report.machines.flatMap((m) => m.tests)).size)),
    '',
  ].join('\n')
}

/** `docs/coverage/<machine-id>.md`: every state and transition with the number of paths reaching it. */
export function renderMachineCoverage(machine: MachineCoverage): string {
  const cell = (text: string) => text.replaceAll('|', '\\|')
  return [
    `# ${machine.id}: path coverage`,
    '',
    generatedNote,
    '',
    `Model: \`${machine.modelPath}\`. States ${percentOf(machine.figures.statesCovered, machine.figures.states)},`,
    `transitions ${percentOf(machine.figures.transitionsCovered, machine.figures.transitions)}, ${machine.figures.paths} generated paths.`,
    '',
    '## Tests that replay the paths',
    '',
    ...(machine.tests.length ? machine.tests.map((test) => `- \`${test}\``) : ['None.']),
    '',
    '## States',
    '',
    '| State | Paths |',
    '|---|---|',
    ...machine.states.map((state) => `| \`#${state.id}\` | ${state.paths} |`),
    '',
    '## Transitions',
    '',
    '| From | Transition | To | Paths |',
    '|---|---|---|---|',
    ...machine.transitions.map(
      (transition) =>
        `| \`#${transition.source}\` | ${cell(transition.label)} | ${transition.targets.map((target) => `\`#${target}\``).join(', ')} | ${transition.paths} |`,
    ),
    '',
  ].join('\n')
}

/** Pages of `docs/coverage/` that other generators own: `mutation.md` comes from `npm run test:mutation`. */
export const pagesWrittenElsewhere: ReadonlySet<string> = new Set(['mutation.md'])

/** Every file of `docs/coverage/` by name, so the script writes them and the test compares them. */
export function renderCoverageFiles(report: CoverageReport): Map<string, string> {
  const files = new Map<string, string>()
  files.set('README.md', renderCoverageIndex(report))
  for (const machine of report.machines) files.set(`${machine.id}.md`, renderMachineCoverage(machine))
  files.set('coverage.json', `${JSON.stringify(report, null, 2)}\n`)
  return files
}
