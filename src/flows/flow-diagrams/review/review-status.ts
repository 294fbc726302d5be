import {
  graphDiffOf,
  machineVersionOf,
  outlineOf,
  type GraphDiff,
  type MachineGraph,
} from '../../../../contract/flow-reviews/machine-graph'
import type { FlowReviewMark } from '../../../../contract/flow-reviews/schemas'

/** Where a flow stands: never signed off, signed off as it is now, or changed since its latest sign-off. */
export type ReviewStatus =
  | { kind: 'not-reviewed' }
  | { kind: 'reviewed'; mark: FlowReviewMark }
  | { kind: 'changed'; mark: FlowReviewMark; diff: GraphDiff }

/** The status of the flow on the screen (its graph) against its latest "reviewed" mark. */
export function reviewStatusOf(mark: FlowReviewMark | null, graph: MachineGraph): ReviewStatus {
  if (!mark) return { kind: 'not-reviewed' }
  if (mark.machine_version === machineVersionOf(graph)) return { kind: 'reviewed', mark }
  return { kind: 'changed', mark, diff: graphDiffOf(mark, outlineOf(graph)) }
}
