import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import type { AnyStateMachine } from 'xstate'
import { machineGraphOf } from '../../../../contract/flow-reviews/machine-graph'
import { useFlowReview, useMarkFlowReviewed } from '../../../api/flows/flow-reviews'
import { FormAlert } from '../../../ui/form-alert'
import { Spinner } from '../../../ui/spinner'
import type { Naming } from '../plain-words'
import type { StatechartModel } from '../statechart-model'
import { GraphDiffList } from './graph-diff-list'
import { reviewStatusOf } from './review-status'
import { ReviewStatusText } from './review-status-text'
import { useSignedInReviewer } from './use-signed-in-reviewer'
import './flow-review.css'

/**
 * The sign-off of a flow: its status, what changed since the review (named as the diagram names things), and
 * "Mark this version reviewed".
 */
export function FlowReviewBar({
  machine,
  model,
  naming,
}: {
  machine: AnyStateMachine
  model: StatechartModel
  naming: Naming
}) {
  const { t } = useLingui()
  const signedIn = useSignedInReviewer()
  const review = useFlowReview(machine.id, signedIn)
  const mark = useMarkFlowReviewed(machine.id)
  const graph = useMemo(() => machineGraphOf(machine), [machine])

  if (!signedIn) {
    return (
      <section className="card flow-review" aria-label={t`Review`}>
        <p>
          <Trans>Sign in to leave comments and mark this flow reviewed.</Trans>
        </p>
      </section>
    )
  }
  if (review.isPending) return <Spinner size="small" />
  if (review.isError) {
    return (
      <section className="card flow-review" aria-label={t`Review`}>
        <FormAlert>{t`The review of this flow could not be loaded.`}</FormAlert>
      </section>
    )
  }
  const status = reviewStatusOf(review.data.review, graph)
  const open = review.data.open_comments
  return (
    <section
      className="card flow-review"
      aria-labelledby="flow-review-title"
      data-review-status={status.kind}
    >
      <h2 id="flow-review-title">
        <Trans>Review</Trans>
      </h2>
      <p>
        <ReviewStatusText status={status} /> ·{' '}
        <Plural value={open} _0="no open comments" one="# open comment" other="# open comments" />
      </p>
      {status.kind === 'changed' ? <GraphDiffList diff={status.diff} model={model} naming={naming} /> : null}
      <button
        type="button"
        className="button button--primary"
        onClick={() => mark.mutate(graph)}
        disabled={mark.isPending}
        aria-busy={mark.isPending}
      >
        <Trans>Mark this version reviewed</Trans>
      </button>
      <FormAlert>{mark.isError ? mark.error.message : null}</FormAlert>
    </section>
  )
}
