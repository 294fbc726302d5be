import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'

/**
 * The question before a row of a list goes: what it touches (`children`), then Delete and Cancel. A refusal to
 * delete (it is still in use) passes no `onConfirm`: the question then says why and offers only Close.
 */
export function DeleteQuestion(props: {
  /** The accessible name of the question, such as "Delete Hair". */
  label: string
  busy?: boolean
  onConfirm?: () => void
  onCancel: () => void
  children: ReactNode
}) {
  const { label, busy = false, onConfirm, onCancel, children } = props
  return (
    <div className="confirm" role="alertdialog" aria-label={label}>
      {children}
      {onConfirm ? (
        <button
          type="button"
          className="button button--danger"
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
        >
          <Trans>Delete</Trans>
        </button>
      ) : null}
      <button type="button" className="button" onClick={onCancel}>
        {onConfirm ? <Trans>Cancel</Trans> : <Trans>Close</Trans>}
      </button>
    </div>
  )
}
