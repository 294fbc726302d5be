import type { Round } from './load'

/** One side of a comparison: what one round of it does, and how to name its figure. */
export interface Side {
  label: string
  /** Unit of the rate, such as "req/s". */
  unit: string
  round: () => Promise<Round>
  /** An untimed first round (JIT, connection pools, caches); defaults to one ordinary round. */
  warmup?: () => Promise<Round>
}

export interface SideResult {
  label: string
  unit: string
  /** Median rate over the measured rounds. */
  median: number
  min: number
  max: number
  failures: number
  firstFailure?: string
}

export interface Comparison {
  title: string
  baseline: SideResult
  subject: SideResult
  /** Median over rounds of subject rate / baseline rate measured back to back in the same round. */
  ratio: number
  note?: string
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  if (sorted.length === 0) return Number.NaN
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const rate = (round: Round) => (round.completed * 1000) / round.elapsedMs

function summarise(side: Side, rounds: Round[]): SideResult {
  const rates = rounds.map(rate)
  const failed = rounds.find((round) => round.failures > 0)
  return {
    label: side.label,
    unit: side.unit,
    median: median(rates),
    min: Math.min(...rates),
    max: Math.max(...rates),
    failures: rounds.reduce((sum, round) => sum + round.failures, 0),
    firstFailure: failed?.firstFailure,
  }
}

/**
 * Measures baseline and subject in alternating order (A B, B A, A B, ...), so that a slow spell of the machine
 * falls on both sides, and reports the median of the per-round ratios.
 */
export async function compare(
  title: string,
  baseline: Side,
  subject: Side,
  rounds: number,
  log: (line: string) => void,
): Promise<Comparison> {
  log(`${title}: warming up`)
  await (baseline.warmup ?? baseline.round)()
  await (subject.warmup ?? subject.round)()
  const baselineRounds: Round[] = []
  const subjectRounds: Round[] = []
  const ratios: number[] = []
  for (let index = 0; index < rounds; index++) {
    let a: Round
    let b: Round
    if (index % 2 === 0) {
      a = await baseline.round()
      b = await subject.round()
    } else {
      b = await subject.round()
      a = await baseline.round()
    }
    baselineRounds.push(a)
    subjectRounds.push(b)
    ratios.push(rate(b) / rate(a))
    log(
      `${title}: round ${index + 1}/${rounds}: ${rate(a).toFixed(0)} vs ${rate(b).toFixed(0)} ${baseline.unit}`,
    )
  }
  return {
    title,
    baseline: summarise(baseline, baselineRounds),
    subject: summarise(subject, subjectRounds),
    ratio: median(ratios),
  }
}
