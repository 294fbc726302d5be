import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { CallFailure } from '../../../machines/call-failure'

/**
 * Someone saved the item meanwhile (the save answered 409): load their version (this draft is dropped) or save
 * this one over it. The editor's machine decides; this only shows the choice and sends the event picked.
 */
export function SaveConflictChoice(props: {
  /** "Someone saved changes to this … after you opened it". */
  title: ReactNode
  reloading: boolean
  failure: CallFailure | null | undefined
  send: (event: { type: 'conflict.reload' } | { type: 'conflict.overwrite' }) => void
}) {
  const { title, reloading, failure, send } = props
  return (
    <div className="confirm" role="alert" aria-labelledby="conflict-title">
      <h2 id="conflict-title">{title}</h2>
      <p>
        <Trans>
          Load their version to see what changed (what you typed here is dropped), or save yours over theirs.
        </Trans>
      </p>
      {failure && failure.status !== 409 ? (
        <p className="form-error">
          <Trans>Their version could not be loaded. Please try again.</Trans>
        </p>
      ) : null}
      <div className="confirm__actions">
        <button
          type="button"
          className="button"
          disabled={reloading}
          aria-busy={reloading}
          onClick={() => send({ type: 'conflict.reload' })}
        >
          <Trans>Load their version</Trans>
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={reloading}
          onClick={() => send({ type: 'conflict.overwrite' })}
        >
          <Trans>Save mine over theirs</Trans>
        </button>
      </div>
    </div>
  )
}
