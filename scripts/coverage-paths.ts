import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repositoryRoot } from './flow-docs/discover-machines'
import { collectPathCoverage } from './path-coverage/collect'
import { isFullyCovered, pagesWrittenElsewhere, renderCoverageFiles } from './path-coverage/path-coverage'

// Writes docs/coverage/ (README.md, <machine-id>.md and coverage.json) from the registered models;
// pages of machines that no longer exist are removed, so the folder mirrors the models.
const coverageDir = join(repositoryRoot, 'docs', 'coverage')
const { report, unregistered } = await collectPathCoverage()
const files = renderCoverageFiles(report)
mkdirSync(coverageDir, { recursive: true })
for (const file of readdirSync(coverageDir)) {
  if (!files.has(file) && !pagesWrittenElsewhere.has(file)) rmSync(join(coverageDir, file))
}
for (const [file, text] of files) writeFileSync(join(coverageDir, file), text)

for (const machine of report.machines) {
  const { states, statesCovered, transitions, transitionsCovered, paths } = machine.figures
  console.log(
    `${machine.id}: states ${statesCovered}/${states}, transitions ${transitionsCovered}/${transitions}, ${paths} paths`,
  )
}
const short = report.machines
  .filter((machine) => !isFullyCovered(machine.figures))
  .map((machine) => machine.id)
if (unregistered.length > 0) console.error(`No model in test/model/ for: ${unregistered.join(', ')}`)
if (short.length > 0) console.error(`Below 100%: ${short.join(', ')}`)
if (unregistered.length > 0 || short.length > 0) process.exitCode = 1
