import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'

interface RowActionsProps {
  /** The row's title, which names every button for a screen reader ("Rename Hair", "Delete Hair"). */
  title: string
  /** Up and down arrows, for lists whose order the owner sets. */
  move?: { canUp: boolean; canDown: boolean; onMove: (offset: -1 | 1) => void }
  /** The edit button: "Rename" where only the title changes, "Change" where a form opens. */
  edit?: { word: 'rename' | 'change'; onClick: () => void }
  onDelete?: () => void
  /** The row's own buttons, between the arrows and the edit button (add inside, move elsewhere). */
  children?: ReactNode
  className?: string
}

/** The buttons at the end of a row of a workspace list, in one order everywhere. */
export function RowActions(props: RowActionsProps) {
  const { t } = useLingui()
  const { title, move, edit, onDelete, children, className = 'category-row__actions' } = props
  return (
    <span className={className}>
      {move ? (
        <>
          <button
            type="button"
            className="button button--small"
            aria-label={t`Move ${title} up`}
            data-focus-key="up"
            disabled={!move.canUp}
            onClick={() => move.onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="button button--small"
            aria-label={t`Move ${title} down`}
            data-focus-key="down"
            disabled={!move.canDown}
            onClick={() => move.onMove(1)}
          >
            ↓
          </button>
        </>
      ) : null}
      {children}
      {edit ? (
        <button
          type="button"
          className="button button--small"
          aria-label={edit.word === 'rename' ? t`Rename ${title}` : t`Change ${title}`}
          onClick={edit.onClick}
        >
          {edit.word === 'rename' ? <Trans>Rename</Trans> : <Trans>Change</Trans>}
        </button>
      ) : null}
      {onDelete ? (
        <button
          type="button"
          className="button button--small button--danger"
          aria-label={t`Delete ${title}`}
          onClick={onDelete}
        >
          <Trans>Delete</Trans>
        </button>
      ) : null}
    </span>
  )
}
