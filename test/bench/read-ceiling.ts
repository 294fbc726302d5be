import type { Comparison } from './compare'

/**
 * The most the authenticated read's ratio could be on this machine: an endpoint whose whole work were the HTTP
 * exchange of `GET /api/v1/health` (comparison 1's subject) and the raw select (the read's baseline), one after
 * the other on the same thread, would answer at 1 / (1/health + 1/select) per second, so its ratio to the select
 * alone would be 1 / (1 + select/health). An estimate from two medians of the run, printed beside the table so
 * that the read's figure can be read against what the comparison allows.
 */
export function readCeiling(httpOverhead: Comparison, read: Comparison): number {
  return 1 / (1 + read.baseline.median / httpOverhead.subject.median)
}
