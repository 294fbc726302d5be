import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, isAbsolute, join, relative } from 'node:path'
import { repositoryRoot } from './flow-docs/discover-machines'

/*
 * Turns StrykerJS's JSON reports into docs/coverage/mutation.md: the score of each area against the issue's
 * targets, the counts by status, and every surviving mutant. Several reports may be given (one per run, for
 * example machines/ and src/flows/ measured apart); a later report replaces an earlier one file by file, or, for a
 * file whose source has not changed since, mutant by mutant (a rerun of one run's survivors after new tests).
 * The hand-written notes between the markers of the existing page are kept, since they explain survivors
 * that no run can.
 *
 * The JSON reports are not committed (reports/ is ignored, and one run on a busy machine measures one area), so
 * the page itself is the record: the rows of every file that no report read now names (its counts, surviving
 * mutants and uncovered lines) are carried over from the existing page, with the report they came from. A file
 * measured again replaces its carried row.
 *
 * Usage: tsx scripts/mutation-report.ts [reports/mutation/flows-twofa.json ...]
 * With no argument, every reports/mutation/*.json, oldest first.
 */

/** The part of the mutation-testing-report schema (https://github.com/stryker-mutator/mutation-testing-elements) read here. */
interface MutantResult {
  mutatorName: string
  replacement?: string
  status:
    'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending'
  location: { start: { line: number; column: number }; end?: { line: number; column: number } }
}
interface MutationReport {
  projectRoot?: string
  files: Record<string, { source?: string; mutants: MutantResult[] }>
}

/** The areas the issue sets targets for, by path prefix. */
const areas = [
  { name: 'machines/', prefix: 'machines/', target: 85 },
  { name: 'src/flows/', prefix: 'src/flows/', target: 70 },
] as const

const notesStart = '<!-- notes: kept between runs -->'
const notesEnd = '<!-- /notes -->'
const page = join(repositoryRoot, 'docs', 'coverage', 'mutation.md')

interface Counts {
  killed: number
  timeout: number
  survived: number
  noCoverage: number
  errors: number
  ignored: number
}

function countMutants(mutants: MutantResult[]): Counts {
  const counts: Counts = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, errors: 0, ignored: 0 }
  for (const mutant of mutants) {
    if (mutant.status === 'Killed') counts.killed += 1
    else if (mutant.status === 'Timeout') counts.timeout += 1
    else if (mutant.status === 'Survived') counts.survived += 1
    else if (mutant.status === 'NoCoverage') counts.noCoverage += 1
    else if (mutant.status === 'CompileError' || mutant.status === 'RuntimeError') counts.errors += 1
    else counts.ignored += 1
  }
  return counts
}

function addCounts(all: Counts[]): Counts {
  const sum: Counts = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, errors: 0, ignored: 0 }
  for (const counts of all) for (const key of Object.keys(sum) as (keyof Counts)[]) sum[key] += counts[key]
  return sum
}

/** One file's result as the page shows it, read from a JSON report or carried over from the existing page. */
interface FileResult {
  counts: Counts
  /** The surviving mutants, their replacement already made fit for a table cell. */
  survivors: { line: number; mutator: string; replacement: string }[]
  noCoverageLines: number[]
  /** The report's file name (without `.json`), or `earlier` for a row whose report was not named. */
  report: string
}

/** StrykerJS's mutation score: detected (killed or timed out) over every valid mutant, covered or not. */
function score(counts: Counts): number | null {
  const valid = counts.killed + counts.timeout + counts.survived + counts.noCoverage
  return valid === 0 ? null : ((counts.killed + counts.timeout) / valid) * 100
}

/** The same without the time-outs, which a busy machine can cause as well as an endless loop. */
function killedOnly(counts: Counts): number | null {
  const valid = counts.killed + counts.timeout + counts.survived + counts.noCoverage
  return valid === 0 ? null : (counts.killed / valid) * 100
}

const percent = (value: number | null) => (value === null ? 'not measured' : `${value.toFixed(1)}%`)

/** A replacement fit for one table cell: one line, no pipes, at most 80 characters. */
function cell(text: string): string {
  const line = text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').replace(/`/g, "'")
  return line.length > 80 ? `${line.slice(0, 77)}...` : line
}

/** One mutant's identity within one version of a file: where it is and what it plants. */
const mutantKey = (mutant: MutantResult) =>
  [
    mutant.location.start.line,
    mutant.location.start.column,
    mutant.location.end?.line,
    mutant.location.end?.column,
    mutant.mutatorName,
    mutant.replacement,
  ].join(':')

/**
 * A file's mutants over the reports, oldest first. A later report replaces an earlier one's mutants of the file;
 * when the file's source is the same in both, it replaces only the mutants it ran again (a run narrowed to some
 * lines, `MUTATE='file.tsx:40-60'`, after tests were added for that run's survivors), and the others are kept.
 */
function readReports(paths: string[]): Map<string, FileResult> {
  const files = new Map<string, { source?: string; mutants: Map<string, MutantResult>; reports: string[] }>()
  for (const path of paths) {
    const report = JSON.parse(readFileSync(path, 'utf8')) as MutationReport
    const root = report.projectRoot ?? repositoryRoot
    for (const [file, result] of Object.entries(report.files)) {
      const name = (isAbsolute(file) ? relative(root, file) : file).split('\\').join('/')
      const earlier = files.get(name)
      const sameSource =
        earlier !== undefined && earlier.source !== undefined && earlier.source === result.source
      const merged = sameSource
        ? { ...earlier, reports: [...earlier.reports, basename(path, '.json')] }
        : {
            source: result.source,
            mutants: new Map<string, MutantResult>(),
            reports: [basename(path, '.json')],
          }
      for (const mutant of result.mutants) merged.mutants.set(mutantKey(mutant), mutant)
      files.set(name, merged)
    }
  }
  return new Map(
    [...files].map(([name, { mutants: byKey, reports }]) => {
      const mutants = [...byKey.values()]
      return [
        name,
        {
          counts: countMutants(mutants),
          survivors: mutants
            .filter((mutant) => mutant.status === 'Survived')
            .map((mutant) => ({
              line: mutant.location.start.line,
              mutator: mutant.mutatorName,
              replacement: cell(mutant.replacement ?? ''),
            })),
          noCoverageLines: mutants
            .filter((mutant) => mutant.status === 'NoCoverage')
            .map((mutant) => mutant.location.start.line),
          report: reports.join(' + '),
        },
      ]
    }),
  )
}

/** The table rows of the existing page, file by file (see the page's layout in `render`). */
function readPage(text: string): Map<string, FileResult> {
  const files = new Map<string, FileResult>()
  const section = (title: string) => {
    const start = text.indexOf(`\n## ${title}\n`)
    if (start < 0) return []
    const rest = text.slice(start + title.length + 5)
    const next = rest.indexOf('\n## ')
    return (next < 0 ? rest : rest.slice(0, next)).split('\n')
  }
  for (const line of section('By file')) {
    const cells = /^\| `([^`]+)` \|(.*)\|$/.exec(line)
    if (!cells) continue
    const values = cells[2]!.split('|').map((value) => value.trim())
    const number = (index: number) => Number(values[index] ?? 0)
    files.set(cells[1]!, {
      counts: {
        killed: number(3),
        timeout: number(4),
        survived: number(5),
        noCoverage: number(6),
        errors: number(7),
        ignored: 0,
      },
      survivors: [],
      noCoverageLines: [],
      report: values[2] ? values[2].replace(/`/g, '') : 'earlier',
    })
  }
  for (const line of section('Surviving mutants')) {
    const cells = /^\| `([^`]+):(\d+)` \| (\w+) \| `(.*)` \|$/.exec(line)
    const file = cells && files.get(cells[1]!)
    if (file) file.survivors.push({ line: Number(cells[2]), mutator: cells[3]!, replacement: cells[4]! })
  }
  for (const line of section('Mutants no test reaches')) {
    const cells = /^- `([^`]+)`, lines (.*)$/.exec(line)
    const file = cells && files.get(cells[1]!)
    if (file) file.noCoverageLines.push(...cells[2]!.split(',').map((value) => Number(value.trim())))
  }
  return files
}

function render(files: Map<string, FileResult>, sources: string[], carried: number, notes: string): string {
  const names = [...files.keys()].sort()
  const row = (label: string, counts: Counts, last: string) =>
    `| ${label} | ${percent(score(counts))} | ${percent(killedOnly(counts))} | ${last} | ${counts.killed} | ${counts.timeout} | ${counts.survived} | ${counts.noCoverage} | ${counts.errors} |`
  const header = (last: string) => [
    `| File | Score | Killed only | ${last} | Killed | Timeout | Survived | No coverage | Compile/runtime errors |`,
    '|---|---|---|---|---|---|---|---|---|',
  ]
  const read =
    sources.length === 0
      ? 'No report was read this time.'
      : `Reports read: ${sources.map((source) => `\`${relative(repositoryRoot, source)}\``).join(', ')}.`
  const lines = [
    '# Mutation score',
    '',
    '<!-- Generated by `npm run test:mutation` (scripts/mutation-report.ts); only the notes section is edited by hand. -->',
    '',
    'StrykerJS plants small faults (mutants) in the machines and the flow screens and runs the unit project (model',
    'and screen suites) against each; a mutant that no test notices survives. Score = (killed + timeout) / (killed +',
    'timeout + survived + no coverage). The suites that compare generated documents with the committed copies',
    '(`test/unit/flow-docs.test.ts`, `test/unit/path-coverage.test.ts`) are left out of the run: they would notice',
    'every change to a diagram, not whether the behaviour is wrong.',
    '',
    `${read}${carried > 0 ? ` The rows of ${carried} other files are carried over from the previous page (the JSON reports are not kept; the "Report" column names the run each row comes from).` : ''}`,
    '',
    ...header('Target').map((line) => line.replace('| File |', '| Area |')),
    ...areas.map((area) =>
      row(
        `\`${area.name}\``,
        addCounts(
          names.filter((name) => name.startsWith(area.prefix)).map((name) => files.get(name)!.counts),
        ),
        `${area.target}%`,
      ),
    ),
    '',
    '## By file',
    '',
    ...header('Report'),
    ...names.map((name) => row(`\`${name}\``, files.get(name)!.counts, `\`${files.get(name)!.report}\``)),
    '',
    '## Surviving mutants',
    '',
    'Each is a change to the code that every test still passes. The notes below say which are equivalent (no',
    'behaviour changes) and which call for a test.',
    '',
    '| Where | Mutator | Replacement |',
    '|---|---|---|',
    ...names.flatMap((name) =>
      [...files.get(name)!.survivors]
        .sort((a, b) => a.line - b.line)
        .map((mutant) => `| \`${name}:${mutant.line}\` | ${mutant.mutator} | \`${mutant.replacement}\` |`),
    ),
    '',
    '## Mutants no test reaches',
    '',
    ...names
      .map((name) => ({ name, lines: files.get(name)!.noCoverageLines }))
      .filter((file) => file.lines.length > 0)
      .map(
        (file) => `- \`${file.name}\`, lines ${[...new Set(file.lines)].sort((a, b) => a - b).join(', ')}`,
      ),
    '',
    '## Notes',
    '',
    notesStart,
    notes.trim(),
    notesEnd,
    '',
  ]
  return lines.join('\n')
}

const reportsFolder = join(repositoryRoot, 'reports', 'mutation')
const arguments_ = process.argv.slice(2)
const sources = (
  arguments_.length > 0
    ? arguments_
    : existsSync(reportsFolder)
      ? readdirSync(reportsFolder)
          .filter((name) => name.endsWith('.json'))
          .map((name) => join(reportsFolder, name))
          .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
      : []
).map((source) => (isAbsolute(source) ? source : join(process.cwd(), source)))
const previous = existsSync(page) ? readFileSync(page, 'utf8') : ''
const notes =
  previous.includes(notesStart) && previous.includes(notesEnd)
    ? previous.slice(previous.indexOf(notesStart) + notesStart.length, previous.indexOf(notesEnd))
    : 'No notes yet.'
const measured = readReports(sources)
const files = readPage(previous)
let carried = 0
for (const name of files.keys()) if (!measured.has(name)) carried += 1
for (const [name, result] of measured) files.set(name, result)
writeFileSync(page, render(files, sources, carried, notes))
for (const area of areas) {
  const counts = addCounts(
    [...files.keys()].filter((name) => name.startsWith(area.prefix)).map((name) => files.get(name)!.counts),
  )
  console.log(`${area.name}: ${percent(score(counts))} (target ${area.target}%)`)
}
