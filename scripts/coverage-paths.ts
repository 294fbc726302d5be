import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { percentOf, type CoverageReport } from '../src/flow-graph/coverage-report'
import { walkLevels } from '../src/flow-graph/walk-record'
import { discoverMachines, repositoryRoot } from './flow-docs/discover-machines'
import { buildCoverageReport } from './path-coverage/build-report'
import { levelsWithoutSuites } from './path-coverage/levels-without-suites'
import { readWalkRecords } from './path-coverage/read-walk-records'
import { renderCoverageFiles } from './path-coverage/render-coverage'

// Writes docs/coverage/ (README.md, <machine-id>.md and coverage.json) from the walk records that the
// suites left in .coverage-walks/, and fails when a required level is below 100% or has no record.
const coverageDir = join(repositoryRoot, 'docs', 'coverage')
const machines = (await discoverMachines()).map((entry) => entry.machine)
const report = buildCoverageReport(machines, readWalkRecords(repositoryRoot), levelsWithoutSuites)

// The page of a machine that no longer exists goes; other files (say, the mutation report) stay.
const previousJson = join(coverageDir, 'coverage.json')
if (existsSync(previousJson)) {
  const previous = JSON.parse(readFileSync(previousJson, 'utf8')) as Partial<CoverageReport>
  for (const machine of previous.machines ?? []) {
    if (!report.machines.some((current) => current.id === machine.id))
      rmSync(join(coverageDir, `${machine.id}.md`), { force: true })
  }
}
mkdirSync(coverageDir, { recursive: true })
for (const [file, text] of renderCoverageFiles(report)) writeFileSync(join(coverageDir, file), text)

for (const machine of report.machines) {
  const levels = walkLevels.map((level) => {
    const { status, figures } = machine.levels[level]
    if (status !== 'walked') return `${level} ${status === 'none' ? 'none' : 'NO RECORD'}`
    return `${level} states ${percentOf(figures.statesCovered, figures.states)} transitions ${percentOf(figures.transitionsCovered, figures.transitions)}`
  })
  console.log(`${machine.id}: ${levels.join('; ')}`)
}
for (const failure of report.failures) console.error(failure)
if (report.failures.length > 0) process.exitCode = 1
