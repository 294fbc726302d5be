import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { discoverMachines, repositoryRoot } from '../../scripts/flow-docs/discover-machines'
import { mermaidIdOf, renderFlowDoc, renderFlowIndex } from '../../src/flow-graph/flow-doc'
import { stateNodesOf } from '../../src/flow-graph/transition-label'

const flowsDir = join(repositoryRoot, 'docs', 'flows')
const entries = await discoverMachines()
const committed = (file: string) =>
  existsSync(join(flowsDir, file)) ? readFileSync(join(flowsDir, file), 'utf8') : ''
const stale = (file: string) => `docs/flows/${file} is stale: run npm run docs:flows`

describe('flow diagrams in docs/flows', () => {
  it('finds the machines', () => {
    expect(entries.map((entry) => entry.machine.id)).toEqual(expect.arrayContaining(['session', 'signIn']))
  })

  describe.each(entries.map((entry) => [entry.machine.id, entry] as const))('%s', (id, entry) => {
    const generated = renderFlowDoc(entry)

    it('is up to date', () => {
      expect(committed(`${id}.md`) === generated, stale(`${id}.md`)).toBe(true)
    })

    it('draws every state', () => {
      const diagram = generated.slice(generated.indexOf('```mermaid'), generated.lastIndexOf('```'))
      const missing = stateNodesOf(entry.machine)
        .map(mermaidIdOf)
        .filter((stateId) => !new RegExp(String.raw`(^|\s)${stateId}(\s|$)`, 'm').test(diagram))
      expect(missing).toEqual([])
    })
  })

  it('has an index listing every machine and no page of a removed one', () => {
    expect(committed('README.md') === renderFlowIndex(entries), stale('README.md')).toBe(true)
    const pages = readdirSync(flowsDir).filter((file) => file.endsWith('.md') && file !== 'README.md')
    expect(pages.sort()).toEqual(entries.map((entry) => `${entry.machine.id}.md`).sort())
  })
})
