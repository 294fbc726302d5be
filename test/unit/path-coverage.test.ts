import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repositoryRoot } from '../../scripts/flow-docs/discover-machines'
import { collectPathCoverage } from '../../scripts/path-coverage/collect'
import {
  isFullyCovered,
  pagesWrittenElsewhere,
  renderCoverageFiles,
} from '../../scripts/path-coverage/path-coverage'

const coverageDir = join(repositoryRoot, 'docs', 'coverage')
const { report, unregistered } = await collectPathCoverage()
const files = renderCoverageFiles(report)
const committed = (file: string) =>
  existsSync(join(coverageDir, file)) ? readFileSync(join(coverageDir, file), 'utf8') : ''

describe('path coverage of the machines', () => {
  it('has a model in test/model/ for every machine in machines/', () => {
    expect(unregistered, 'add test/model/<name>.model.ts exporting { machine, modelOptions }').toEqual([])
  })

  describe.each(report.machines.map((machine) => [machine.id, machine] as const))('%s', (_id, machine) => {
    it('reaches every state and transition with a generated path', () => {
      const missing = [
        ...machine.states.filter((state) => state.paths === 0).map((state) => `#${state.id}`),
        ...machine.transitions
          .filter((transition) => transition.paths === 0)
          .map((transition) => `#${transition.source} --${transition.label}-->`),
      ]
      expect(missing).toEqual([])
      expect(isFullyCovered(machine.figures)).toBe(true)
    })

    it('is replayed by at least one test', () => {
      expect(machine.tests.length).toBeGreaterThan(0)
    })
  })

  it('matches docs/coverage (run npm run coverage:paths)', () => {
    for (const [file, text] of files) {
      expect(committed(file) === text, `docs/coverage/${file} is stale: run npm run coverage:paths`).toBe(
        true,
      )
    }
    const extra = readdirSync(coverageDir).filter(
      (file) => !files.has(file) && !pagesWrittenElsewhere.has(file),
    )
    expect(extra, 'docs/coverage holds pages of machines without a model').toEqual([])
  })
})
