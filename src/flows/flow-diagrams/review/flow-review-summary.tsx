import { Plural, Trans } from '@lingui/react/macro'
import { useMemo } from 'react'
import type { AnyStateMachine } from 'xstate'
import { machineGraphOf } from '../../../../contract/flow-reviews/machine-graph'
import { useFlowReviews } from '../../../api/flows/flow-reviews'
import { reviewStatusOf } from './review-status'
import { ReviewStatusText } from './review-status-text'
import { useSignedInReviewer } from './use-signed-in-reviewer'
import './flow-review.css'

/** A flow's line in the list of flows: its open comments and whether this version is signed off. */
export function FlowReviewSummary({ machine }: { machine: AnyStateMachine }) {
  const signedIn = useSignedInReviewer()
  const reviews = useFlowReviews(signedIn)
  const graph = useMemo(() => machineGraphOf(machine), [machine])
  if (!signedIn || !reviews.data) return null
  const summary = reviews.data.find((entry) => entry.machine_id === machine.id)
  const status = reviewStatusOf(summary?.review ?? null, graph)
  const open = summary?.open_comments ?? 0
  return (
    <p className="flow-review-summary" data-testid="flow-review-summary">
      <ReviewStatusText status={status} /> ·{' '}
      <span data-open-comments={open}>
        <Plural value={open} _0="no open comments" one="# open comment" other="# open comments" />
      </span>
      {status.kind === 'changed' ? (
        <>
          {' '}
          ·{' '}
          <Trans>
            {status.diff.addedStates.length + status.diff.addedTransitions.length} added,{' '}
            {status.diff.removedStates.length + status.diff.removedTransitions.length} removed
          </Trans>
        </>
      ) : null}
    </p>
  )
}
