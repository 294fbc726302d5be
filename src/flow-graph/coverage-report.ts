/* The shape of docs/coverage/coverage.json: written by scripts/coverage-paths.ts, rendered at /flows/coverage. */

/** One state node of a machine and how many generated paths enter it. */
export interface StateCoverage {
  /** The state node id, e.g. `signIn.form.failed`. */
  id: string
  paths: number
}

/** One transition of a machine and how many generated paths take it. */
export interface TransitionCoverage {
  /** `source id|event type|candidate index`, stable across `.provide()`. */
  key: string
  source: string
  label: string
  targets: string[]
  paths: number
}

export interface Figures {
  states: number
  statesCovered: number
  transitions: number
  transitionsCovered: number
  paths: number
}

export interface MachineCoverage {
  id: string
  modelPath: string
  /** Test files that replay this machine's generated paths, machine-level and screen-level. */
  tests: string[]
  figures: Figures
  states: StateCoverage[]
  transitions: TransitionCoverage[]
}

/** What `docs/coverage/coverage.json` holds and the /flows/coverage page renders. */
export interface CoverageReport {
  totals: Figures & { machines: number }
  machines: MachineCoverage[]
}
