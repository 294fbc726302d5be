/**
 * What one test suite really walked on one machine, written by the suite after it ran and read by
 * `npm run coverage:paths`. The figures come from the actor that ran (XState `inspect`), never from the
 * plan a test meant to follow, so a step the app skipped is missing here.
 */
export type WalkLevel = 'machine' | 'screen' | 'browser'

export const walkLevels: readonly WalkLevel[] = ['machine', 'screen', 'browser']

export interface WalkRecord {
  level: WalkLevel
  /** The machine id, e.g. `signIn`. */
  machine: string
  /** The suite that walked, as a repository-relative test file path. */
  suite: string
  /** State node ids entered, root left out, e.g. `signIn.form.failed`. */
  states: string[]
  /** Keys (`transitionKey`) of the transitions the actor took. */
  transitions: string[]
  /** How many paths (journeys) the suite walked to completion on this machine. */
  paths: number
  /**
   * Transitions the suite declares it cannot take at its level, by key, with the reason (a browser suite
   * cannot make Chromium refuse storage, for one). The report lists them and leaves them out of the bar.
   */
  unreachable?: Record<string, string>
}

/** The folder the records live in, below the repository root; each level has its own subfolder. */
export const walkRecordFolder = '.coverage-walks'

/** The file name of one suite's record of one machine: stable, so a new run overwrites the last one. */
export function walkRecordFileName(record: Pick<WalkRecord, 'machine' | 'suite'>): string {
  const suite = record.suite.replace(/^test\//, '').replace(/[^\w.-]+/g, '_')
  return `${record.machine}--${suite}.json`
}

/** Several records of one machine and level (several suites) as one: the union of what they walked. */
export function mergeWalkRecords(records: readonly WalkRecord[]): {
  states: Set<string>
  transitions: Set<string>
  paths: number
  suites: string[]
  unreachable: Map<string, string>
} {
  return {
    states: new Set(records.flatMap((record) => record.states)),
    transitions: new Set(records.flatMap((record) => record.transitions)),
    paths: records.reduce((sum, record) => sum + record.paths, 0),
    suites: [...new Set(records.map((record) => record.suite))].sort(),
    unreachable: new Map(records.flatMap((record) => Object.entries(record.unreachable ?? {}))),
  }
}
