/* The shape of docs/coverage/coverage.json: written by scripts/coverage-paths.ts, rendered at /flows/coverage. */
import type { WalkLevel } from './walk-record'

/** One state node of a machine and the levels whose suites entered it. */
export interface StateCoverage {
  /** The state node id, e.g. `signIn.form.failed`. */
  id: string
  walkedAt: WalkLevel[]
}

/** One transition of a machine and the levels whose suites took it. */
export interface TransitionCoverage {
  /** `source id|event type|candidate index`, stable across `.provide()`. */
  key: string
  source: string
  label: string
  targets: string[]
  walkedAt: WalkLevel[]
}

export interface Figures {
  states: number
  statesCovered: number
  transitions: number
  transitionsCovered: number
  /** Paths (journeys) the suites walked to their end. */
  paths: number
}

/** A transition that a level cannot take, with the reason its suite gives. */
export interface UnreachableTransition {
  key: string
  label: string
  reason: string
}

/** What the suites of one level walked on one machine. */
export interface LevelCoverage {
  /**
   * `walked`: records of this level exist; `none`: the machine has no suite at this level, by design (`why`
   * says so); `missing`: a suite is expected at this level but left no record (not run, or renamed).
   */
  status: 'walked' | 'none' | 'missing'
  /** Why the machine has no suite at this level; set when `status` is `none`. */
  why?: string
  /** True when a figure below 100% (of the reachable transitions) fails `npm run coverage:paths`. */
  required: boolean
  /** The suites whose records contributed, as repository-relative test file paths. */
  suites: string[]
  figures: Figures
  /** Transitions the level's suites declare they cannot take (browser level), with reasons. */
  unreachable: UnreachableTransition[]
}

export interface MachineCoverage {
  id: string
  levels: Record<WalkLevel, LevelCoverage>
  states: StateCoverage[]
  transitions: TransitionCoverage[]
}

/** What `docs/coverage/coverage.json` holds and the /flows/coverage page renders. */
export interface CoverageReport {
  /** Per level, summed over the machines that have records at that level. */
  totals: Record<WalkLevel, Figures & { machines: number }>
  machines: MachineCoverage[]
  /** Why `npm run coverage:paths` fails, one sentence each; empty when every required level is at 100%. */
  failures: string[]
}

/** `12/12 (100%)`; an empty set counts as fully covered. */
export function percentOf(covered: number, total: number): string {
  const percent = total === 0 ? 100 : Math.floor((covered / total) * 1000) / 10
  return `${covered}/${total} (${percent}%)`
}
