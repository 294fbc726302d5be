import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import type { FlowScreensEntry } from './flow-screens'
import { renderStateTable, renderTransitionTable } from './flow-review-tables'
import { descendantStateNodes, ownTransitionsOf, transitionLabel } from './transition-label'

/** One machine as the docs see it: the machine, where it lives and what its TSDoc says. */
export interface FlowEntry {
  machine: AnyStateMachine
  /** Repository-relative, with forward slashes, e.g. `machines/sign-in.ts`. */
  sourcePath: string
  /** The TSDoc of the machine's export, or an empty string when it has none. */
  description: string
  /** The screenshots of its screen states (docs/flows/screens/<id>/manifest.json), when they were taken. */
  screens?: FlowScreensEntry
}

/** Pseudo-state for transitions declared on the machine itself, which apply from any state. */
const anyStateId = 'any_state'

/**
 * Mermaid state ids are global to the diagram, so nested states are named by their whole path;
 * the key stays visible as the label.
 */
export function mermaidIdOf(node: AnyStateNode): string {
  return node.path.map((key) => key.replace(/\W/g, '_')).join('__')
}

/** Mermaid ends a transition description at `#` and `;`. */
function escapeLabel(label: string): string {
  return label.replaceAll('#', '').replaceAll(';', ',')
}

function targetsOf(transition: AnyTransitionDefinition): AnyStateNode[] {
  return transition.target?.length ? [...transition.target] : [transition.source]
}

/**
 * The block a transition is written in. Mermaid makes every state named inside `state X { ... }`
 * a child of X (the last such block wins), so a line may only stand in a block whose children both
 * its ends are: a transition between siblings (or a state and itself) goes into their parent's block,
 * and every other one, such as a transition that leaves a compound state, into the top level, where
 * naming a state never moves it. A parallel state's block holds its regions, separated by `--`, and
 * no lines of its own, so transitions between its regions go to the top level too.
 */
function homeBlockOf(source: AnyStateNode, target: AnyStateNode): AnyStateNode | 'top level' {
  const parent = source.parent
  if (!parent?.parent || parent.type === 'parallel') return 'top level'
  return target === source || target.parent === parent ? parent : 'top level'
}

/** The transition lines that belong in `block`, from the states below it in declaration order. */
function edgeLinesOf(block: AnyStateNode, indent: string): string[] {
  const home = block.parent ? block : 'top level'
  return descendantStateNodes(block).flatMap((source) =>
    ownTransitionsOf(source).flatMap((transition) => {
      const label = escapeLabel(transitionLabel(transition))
      return targetsOf(transition)
        .filter((target) => homeBlockOf(source, target) === home)
        .map((target) => `${indent}${mermaidIdOf(source)} --> ${mermaidIdOf(target)} : ${label}`)
    }),
  )
}

/** The lines inside one composite (or the top level): initial marker, children, their transitions, finals. */
function blockLines(parent: AnyStateNode, indent: string): string[] {
  const children = Object.values(parent.states)
  const lines: string[] = []
  if (parent.type === 'parallel') {
    children.forEach((region, index) => {
      if (index > 0) lines.push(`${indent}--`)
      lines.push(...stateLines(region, indent))
    })
    return lines
  }
  for (const target of parent.initial?.target ?? []) lines.push(`${indent}[*] --> ${mermaidIdOf(target)}`)
  for (const child of children) lines.push(...stateLines(child, indent))
  lines.push(...edgeLinesOf(parent, indent))
  for (const child of children)
    if (child.type === 'final') lines.push(`${indent}${mermaidIdOf(child)} --> [*]`)
  return lines
}

function stateLines(node: AnyStateNode, indent: string): string[] {
  const id = mermaidIdOf(node)
  const lines = id === node.key ? [] : [`${indent}state "${node.key}" as ${id}`]
  if (Object.keys(node.states).length === 0) return lines.length ? lines : [`${indent}${id}`]
  return [...lines, `${indent}state ${id} {`, ...blockLines(node, `${indent}  `), `${indent}}`]
}

/** The machine as a Mermaid `stateDiagram-v2`, in the order the machine declares its states. */
export function renderMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2', ...blockLines(machine.root, '  ')]
  const machineWide = ownTransitionsOf(machine.root)
  if (machineWide.length > 0) {
    lines.push(`  state "(any state)" as ${anyStateId}`)
    for (const transition of machineWide) {
      const label = escapeLabel(transitionLabel(transition))
      const targets = transition.target?.length ? transition.target.map(mermaidIdOf) : [anyStateId]
      for (const target of targets) lines.push(`  ${anyStateId} --> ${target} : ${label}`)
    }
  }
  return lines.join('\n')
}

/** Where a page's screenshots come from, or why it has none. */
function screensNote(screens: FlowScreensEntry | undefined): string {
  return screens
    ? `Screens as the Chromium journeys saw them on ${screens.capturedOn} (\`npm run docs:flow-screens\`).`
    : 'No screenshots: no Chromium journey has photographed this flow (`npm run docs:flow-screens`).'
}

/** The whole `docs/flows/<machine-id>.md`, a pure function of the machine so a test can compare it. */
export function renderFlowDoc({ machine, sourcePath, description, screens }: FlowEntry): string {
  return [
    `# ${machine.id}`,
    '',
    `<!-- Generated from ${sourcePath} by \`npm run docs:flows\`; do not edit by hand. -->`,
    '',
    description || `The \`${machine.id}\` machine.`,
    '',
    '```mermaid',
    renderMermaid(machine),
    '```',
    '',
    '## States',
    '',
    screensNote(screens),
    '',
    ...renderStateTable(machine, screens),
    '',
    '## Transitions',
    '',
    ...renderTransitionTable(machine),
    '',
  ].join('\n')
}

/** `docs/flows/README.md`: one row per machine, sorted by id. */
export function renderFlowIndex(entries: FlowEntry[]): string {
  const rows = [...entries]
    .sort((a, b) => a.machine.id.localeCompare(b.machine.id))
    .map(({ machine, sourcePath, description }) => {
      const summary = description.split(/(?<=\.)\s/)[0] ?? ''
      return `| [${machine.id}](${machine.id}.md) | \`${sourcePath}\` | ${summary} |`
    })
  return [
    '# Flow diagrams',
    '',
    '<!-- Generated by `npm run docs:flows`; do not edit by hand. -->',
    '',
    'One page per machine in `machines/`, drawn from the machine itself: states, transitions',
    '(`event [guard]`, `done:`/`error:` for invoked actors, `always`, `after`) and the route of each screen state.',
    'The browser suite draws every page with Mermaid 11 and fails when Mermaid refuses one or draws a state',
    'outside the box of its parent state (`test/e2e/flow-docs-mermaid.test.ts`).',
    '',
    'The app draws the same machines as interactive statecharts at `/flows` (in development, and for users with',
    'the `superuser` page flag in production), follows a running flow live with `?inspect=1` and shows path',
    'coverage at `/flows/coverage`; see [../flows-ui.md](../flows-ui.md).',
    'Each page lists the states with the screenshot of each screen state, as the browser model suites saw it',
    '(`npm run docs:flow-screens`, stored in [screens/](screens/)), and the transitions in words.',
    '',
    '| Flow | Source | Summary |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n')
}

/** The TSDoc block right above `export const <exportName>`, as one paragraph; block tags are left out. */
export function tsdocOf(source: string, exportName: string): string {
  const match = new RegExp(String.raw`/\*\*((?:(?!\*/)[\s\S])*)\*/\s*export const ${exportName}\b`).exec(
    source,
  )
  if (!match?.[1]) return ''
  const lines = match[1].split('\n').map((line) => line.replace(/^\s*\* ?/, '').trim())
  const tagStart = lines.findIndex((line) => line.startsWith('@'))
  return (tagStart === -1 ? lines : lines.slice(0, tagStart)).join(' ').replace(/\s+/g, ' ').trim()
}
