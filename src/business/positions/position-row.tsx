import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Position, PositionInUse } from '../../../contract/positions/schemas'
import type { ApiError } from '../../api/api-error'
import { useDeletePosition, useUpdatePosition } from '../../api/positions/positions'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { showToast } from '../../ui/toast-store'
import { DeleteQuestion } from '../shell/delete-question'
import { RenameForm } from '../shell/rename-form'
import { RowActions } from '../shell/row-actions'
import { useTitleField } from '../shell/title-field'
import { PositionHolders } from './position-holders-text'
import { positionHoldersOf } from './position-holders'

type RowMode =
  | { kind: 'viewing' }
  | { kind: 'renaming' }
  | { kind: 'confirmingDelete' }
  | { kind: 'refused'; holders: PositionInUse }

/** One position: its title and the services its staff provide, renamed in place or deleted after a question. */
export function PositionRow(props: {
  companyId: number
  position: Position
  canRename: boolean
  canDelete: boolean
}) {
  const { t } = useLingui()
  const { companyId, position, canRename, canDelete } = props
  const { title } = position
  const [mode, setMode] = useState<RowMode>({ kind: 'viewing' })
  const field = useTitleField(position.title, t`Enter the position's title.`)
  const rename = useUpdatePosition(companyId)
  const remove = useDeletePosition(companyId)

  const saveTitle = (newTitle: string) =>
    rename.mutate(
      { id: position.id, body: { title: newTitle } },
      {
        onSuccess: () => setMode({ kind: 'viewing' }),
        onError: (error) => showRequestFailureToast(error as ApiError),
      },
    )
  const confirmDelete = () =>
    remove.mutate(position.id, {
      onSuccess: () => showToast('success', t`Position "${title}" deleted.`),
      onError: (error) => {
        // The server names whoever still holds the position; the question turns into that answer.
        const holders = positionHoldersOf(error as ApiError)
        if (holders) setMode({ kind: 'refused', holders })
        else {
          showRequestFailureToast(error as ApiError)
          setMode({ kind: 'viewing' })
        }
      },
    })

  if (mode.kind === 'renaming') {
    return (
      <li className="category-row">
        <RenameForm
          current={position.title}
          field={field}
          busy={rename.isPending}
          onSave={saveTitle}
          onCancel={() => setMode({ kind: 'viewing' })}
        />
      </li>
    )
  }
  const count = position.count_linked_services
  return (
    <li className="category-row" aria-label={position.title}>
      <div className="category-row__main">
        <span className="category-row__title">{position.title}</span>
        <span className="category-row__count">
          <Plural
            value={count}
            _0="no linked services"
            one="# linked service"
            few="# linked services"
            many="# linked services"
            other="# linked services"
          />
        </span>
        {mode.kind === 'viewing' && (canRename || canDelete) ? (
          <RowActions
            title={position.title}
            {...(canRename
              ? {
                  edit: {
                    word: 'rename' as const,
                    onClick: () => {
                      field.setTitle(position.title)
                      field.reset()
                      setMode({ kind: 'renaming' })
                    },
                  },
                }
              : {})}
            {...(canDelete ? { onDelete: () => setMode({ kind: 'confirmingDelete' }) } : {})}
          />
        ) : null}
      </div>
      {mode.kind === 'confirmingDelete' ? (
        <DeleteQuestion
          label={t`Delete ${position.title}`}
          busy={remove.isPending}
          onCancel={() => setMode({ kind: 'viewing' })}
          onConfirm={confirmDelete}
        >
          <p>
            <Trans>Delete the position "{title}"?</Trans>
          </p>
        </DeleteQuestion>
      ) : null}
      {mode.kind === 'refused' ? (
        <DeleteQuestion label={t`Delete ${position.title}`} onCancel={() => setMode({ kind: 'viewing' })}>
          <PositionHolders title={position.title} holders={mode.holders} />
        </DeleteQuestion>
      ) : null}
    </li>
  )
}
