import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'

/** The question before something is bought for the licence: what it costs (`children`), then Buy and Cancel. */
export function PurchaseQuestion(props: {
  label: string
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
  children: ReactNode
}) {
  return (
    <div className="confirm" role="alertdialog" aria-label={props.label}>
      {props.children}
      <button
        type="button"
        className="button button--primary"
        disabled={props.busy}
        aria-busy={props.busy}
        onClick={props.onConfirm}
      >
        <Trans>Confirm</Trans>
      </button>
      <button type="button" className="button" onClick={props.onCancel}>
        <Trans>Cancel</Trans>
      </button>
    </div>
  )
}
