import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import type { ScreenMeta } from '../../machines/route-meta'
import { ownTransitionsOf, stateNodesOf, transitionLabel } from './transition-label'

/** One machine as the docs see it: the machine, where it lives and what its TSDoc says. */
export interface FlowEntry {
  machine: AnyStateMachine
  /** Repository-relative, with forward slashes, e.g. `machines/sign-in.ts`. */
  sourcePath: string
  /** The TSDoc of the machine's export, or an empty string when it has none. */
  description: string
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

function edgeLines(transition: AnyTransitionDefinition, sourceId: string, indent: string): string[] {
  const targets = transition.target?.length ? transition.target.map(mermaidIdOf) : [sourceId]
  const label = escapeLabel(transitionLabel(transition))
  return targets.map((target) => `${indent}${sourceId} --> ${target} : ${label}`)
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
  for (const child of children) {
    for (const transition of ownTransitionsOf(child))
      lines.push(...edgeLines(transition, mermaidIdOf(child), indent))
    // Regions cannot hold lines after `--` of their own, so their transitions are drawn here.
    if (child.type === 'parallel') {
      for (const region of Object.values(child.states)) {
        for (const transition of ownTransitionsOf(region))
          lines.push(...edgeLines(transition, mermaidIdOf(region), indent))
      }
    }
  }
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
    for (const transition of machineWide) lines.push(...edgeLines(transition, anyStateId, '  '))
  }
  return lines.join('\n')
}

function screenRows(machine: AnyStateMachine): string[] {
  return stateNodesOf(machine).flatMap((node) => {
    const meta = node.meta as Partial<ScreenMeta> | undefined
    if (typeof meta?.route !== 'string') return []
    return [`| \`${node.path.join('.')}\` | \`${meta.route}\` | ${meta.area ?? ''} |`]
  })
}

/** The whole `docs/flows/<machine-id>.md`, a pure function of the machine so a test can compare it. */
export function renderFlowDoc({ machine, sourcePath, description }: FlowEntry): string {
  const rows = screenRows(machine)
  const screens = rows.length
    ? ['| State | Route | Area |', '|---|---|---|', ...rows]
    : ['No state of this flow is a screen of its own.']
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
    '## Screens',
    '',
    ...screens,
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
    '',
    'The app draws the same machines as interactive statecharts at `/flows` (in development, and for users with',
    'the `superuser` page flag in production), follows a running flow live with `?inspect=1` and shows path',
    'coverage at `/flows/coverage`; see [../flows-ui.md](../flows-ui.md).',
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
