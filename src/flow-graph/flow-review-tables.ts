import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import type { ScreenMeta } from '../../machines/route-meta'
import { stateDescriptionOf, transitionDescriptionOf, triggerOf } from './descriptions'
import { flowScreenFileName, type FlowScreensEntry } from './flow-screens'
import { descendantStateNodes, guardLabel, ownTransitionsOf, stateNodesOf } from './transition-label'

/** A table cell: Markdown tables end a cell at `|` and a row at a line break. */
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ')
}

/** `credentials.submitted` → `credentials submitted`: an event name as words. */
function eventWords(event: string): string {
  return event
    .replace(/[._]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
}

/**
 * What starts a transition, in English for a product owner: the user's or app's event as words, and the events
 * XState generates as "when the call succeeds", "if the call fails", "after 60 seconds", "immediately";
 * a guard is named after ", when".
 */
export function eventInWords(transition: AnyTransitionDefinition): string {
  const cause = triggerOf(transition)
  const guard =
    transition.eventType === 'xstate.route'
      ? (transition.guard as { guards?: unknown[] } | undefined)?.guards?.[1]
      : transition.guard
  // An inline guard has no name of its own.
  const guardName = guard ? guardLabel(guard).replace(/^guard$/, 'a condition holds') : ''
  const condition = guard ? `, when ${guardName}` : ''
  const actor = actorNameOf(transition)
  switch (cause.kind) {
    case 'event':
      return `${eventWords(transition.eventType)}${condition}`
    case 'route':
      return `the address changes${condition}`
    case 'done':
      return `when ${actor} succeeds${condition}`
    case 'error':
      return `if ${actor} fails${condition}`
    case 'finished':
      return `when this part is finished${condition}`
    case 'always':
      return guard ? `immediately, when ${guardName}` : 'immediately'
    case 'after': {
      if (typeof cause.delay !== 'number') return `after ${cause.delay}${condition}`
      const seconds = Math.round(cause.delay / 100) / 10
      return `after ${seconds} ${seconds === 1 ? 'second' : 'seconds'}${condition}`
    }
  }
}

/** The invoked actor a done or error event is from, by the name the machine gives its logic. */
function actorNameOf(transition: AnyTransitionDefinition): string {
  const id = transition.eventType.replace(/^xstate\.(done|error)\.actor\./, '')
  const invoke = transition.source.invoke.find((candidate) => candidate.id === id)
  return typeof invoke?.src === 'string' ? invoke.src : id
}

const stateName = (node: AnyStateNode) => `\`${node.path.join('.')}\``

/**
 * Links to a state's screenshots, from the page in docs/flows/: the English desktop one as a small picture, the
 * other widths and languages as links.
 */
function screenshotCell(machineId: string, stateKey: string, screens: FlowScreensEntry | undefined): string {
  if (!screens?.states.includes(stateKey)) return ''
  const language = screens.languages.includes('en') ? 'en' : screens.languages[0]!
  const [first, ...others] = screens.widths.map((width) => ({
    width,
    href: `screens/${machineId}/${flowScreenFileName(stateKey, language, width)}`,
  }))
  if (!first) return ''
  const picture = `<a href="${first.href}"><img src="${first.href}" width="160" alt="${stateKey} at ${first.width} px"></a>`
  const otherLanguages = screens.languages
    .filter((other) => other !== language)
    .flatMap((other) =>
      screens.widths.map(
        (width) =>
          `[${other} ${width} px](screens/${machineId}/${flowScreenFileName(stateKey, other, width)})`,
      ),
    )
  return [picture, ...others.map((other) => `[${other.width} px](${other.href})`), ...otherLanguages].join(
    ' ',
  )
}

/** The states of a flow: name, what it is in words, its route, and its screenshot when one was taken. */
export function renderStateTable(machine: AnyStateMachine, screens?: FlowScreensEntry): string[] {
  const rows = stateNodesOf(machine).map((node) => {
    const route = (node.meta as Partial<ScreenMeta> | undefined)?.route
    const stateKey = node.path.join('.')
    return `| ${stateName(node)} | ${cell(stateDescriptionOf(node) ?? '')} | ${route ? `\`${route}\`` : ''} | ${screenshotCell(machine.id, stateKey, screens)} |`
  })
  return ['| State | Description | Route | Screen |', '|---|---|---|---|', ...rows]
}

/** The transitions of a flow: from, the event in words, to (or "stays"), and what happens. */
export function renderTransitionTable(machine: AnyStateMachine): string[] {
  const rows = [machine.root, ...descendantStateNodes(machine.root)].flatMap((source) =>
    ownTransitionsOf(source).map((transition) => {
      const from = source === machine.root ? '(any state)' : stateName(source)
      const to = transition.target?.length ? transition.target.map(stateName).join(', ') : '(stays)'
      return `| ${from} | ${cell(eventInWords(transition))} | ${to} | ${cell(transitionDescriptionOf(transition) ?? '')} |`
    }),
  )
  return ['| From | Event | To | Description |', '|---|---|---|---|', ...rows]
}
