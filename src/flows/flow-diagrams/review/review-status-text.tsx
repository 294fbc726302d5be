import { Trans, useLingui } from '@lingui/react/macro'
import type { ReviewStatus } from './review-status'

/** The status in words: "Reviewed", "Not reviewed" or "Changed since reviewed", with who and when. */
export function ReviewStatusText({ status }: { status: ReviewStatus }) {
  const { i18n } = useLingui()
  if (status.kind === 'not-reviewed') {
    return (
      <span className="flow-review-status" data-review-status="not-reviewed">
        <Trans>Not reviewed</Trans>
      </span>
    )
  }
  const name = status.mark.reviewed_by.name
  const date = i18n.date(new Date(status.mark.reviewed_at), { dateStyle: 'medium' })
  return (
    <span className="flow-review-status" data-review-status={status.kind}>
      {status.kind === 'reviewed' ? (
        <Trans>
          Reviewed{' '}
          <span className="muted">
            by {name}, {date}
          </span>
        </Trans>
      ) : (
        <Trans>
          Changed since reviewed{' '}
          <span className="muted">
            by {name}, {date}
          </span>
        </Trans>
      )}
    </span>
  )
}
