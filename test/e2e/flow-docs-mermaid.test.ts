import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import type { AnyStateMachine } from 'xstate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discoverMachines, repositoryRoot } from '../../scripts/flow-docs/discover-machines'
import { mermaidIdOf, renderMermaid } from '../../src/flow-graph/flow-doc'
import { stateNodesOf } from '../../src/flow-graph/transition-label'
import { launchBrowser } from '../support/browser'
import { drawStateDiagram, loadMermaid } from '../support/mermaid-drawing'
import { specimenMachine } from '../support/specimen-statechart'

// The Markdown diagrams of docs/flows as a reader sees them: drawn by Mermaid itself in Chromium. The unit
// suite keeps the files equal to the generator's output; this one checks that Mermaid draws each state in
// the box of its parent state, which text comparison cannot see.
const entries = await discoverMachines()

let browser: Browser
let page: Page

beforeAll(async () => {
  browser = await launchBrowser()
  page = await browser.newPage()
  await loadMermaid(page)
})

afterAll(async () => {
  await browser?.close()
})

function committedDiagram(machineId: string): string {
  const page = readFileSync(join(repositoryRoot, 'docs', 'flows', `${machineId}.md`), 'utf8')
  const start = page.indexOf('```mermaid\n')
  const end = page.indexOf('\n```', start)
  if (start === -1 || end === -1) throw new Error(`docs/flows/${machineId}.md has no Mermaid block`)
  return page.slice(start + '```mermaid\n'.length, end)
}

/** What is wrong with Mermaid's drawing of `diagram`, as sentences; none when every state is in its parent's box. */
async function drawingProblems(machine: AnyStateMachine, diagram: string): Promise<string[]> {
  const drawing = await drawStateDiagram(page, diagram)
  if ('error' in drawing) return [`Mermaid refused the diagram: ${drawing.error}`]

  const expectedParents = new Map<string, string | null>(
    stateNodesOf(machine).map((node) => [
      mermaidIdOf(node),
      node.parent && node.parent !== machine.root ? mermaidIdOf(node.parent) : null,
    ]),
  )
  if (/^\s*state "\(any state\)" as any_state$/m.test(diagram)) expectedParents.set('any_state', null)

  const where = (parent: string | null) => (parent === null ? 'the top level' : `the box of ${parent}`)
  const misplaced = [...expectedParents].flatMap(([stateId, parent]) => {
    if (!(stateId in drawing.drawnParents)) return [`${stateId} is not drawn`]
    const drawnIn = drawing.drawnParents[stateId] ?? null
    return drawnIn === parent ? [] : [`${stateId} is drawn in ${where(drawnIn)}, not in ${where(parent)}`]
  })
  // Mermaid's own start and end markers are named `<box>_start` and `<box>_end`; anything else is a state
  // the machine does not have.
  const markers = new Set(
    ['root', ...expectedParents.keys()].flatMap((stateId) => [`${stateId}_start`, `${stateId}_end`]),
  )
  const strangers = Object.keys(drawing.drawnParents)
    .filter((stateId) => !expectedParents.has(stateId) && !markers.has(stateId))
    .map((stateId) => `${stateId} is drawn but is no state of the machine`)
  return [...misplaced, ...strangers, ...drawing.drawnTwice.map((stateId) => `${stateId} is drawn twice`)]
}

describe('the Mermaid diagrams in docs/flows, drawn by Mermaid', () => {
  it.each(entries.map((entry) => [entry.machine.id, entry.machine] as const))(
    '%s draws without an error and every state inside its parent state',
    async (machineId, machine) => {
      await expect(drawingProblems(machine, committedDiagram(machineId))).resolves.toEqual([])
    },
  )

  it('draws the transitions the flows do not have yet in the right place too', async () => {
    await expect(drawingProblems(specimenMachine, renderMermaid(specimenMachine))).resolves.toEqual([])
  })
})
