import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { RecordGroup } from '../../../contract/record-groups/schemas'
import type { ApiError } from '../../api/api-error'
import { useDeleteRecordGroup, useRenameRecordGroup } from '../../api/record-groups/record-groups'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { showToast } from '../../ui/toast-store'
import { DeleteQuestion } from '../shell/delete-question'
import { RenameForm } from '../shell/rename-form'
import { RowActions } from '../shell/row-actions'
import { useTitleField } from '../shell/title-field'

type RowMode = 'viewing' | 'renaming' | 'confirmingDelete'

/** One hall or department: its title and who works in it, renamed in place or deleted after a question. */
export function RecordGroupRow(props: { companyId: number; group: RecordGroup; canEdit: boolean }) {
  const { t } = useLingui()
  const { companyId, group, canEdit } = props
  const { title } = group
  const [mode, setMode] = useState<RowMode>('viewing')
  const field = useTitleField(group.title, t`Enter the title of the hall or department.`)
  const rename = useRenameRecordGroup(companyId)
  const remove = useDeleteRecordGroup(companyId)
  const names = group.staff.map((member) => member.name).join(', ')

  const saveTitle = (newTitle: string) =>
    rename.mutate(
      { id: group.id, body: { title: newTitle } },
      {
        onSuccess: () => setMode('viewing'),
        onError: (error) => showRequestFailureToast(error as ApiError),
      },
    )
  const confirmDelete = () =>
    remove.mutate(group.id, {
      onSuccess: () => showToast('success', t`"${title}" deleted.`),
      onError: (error) => {
        showRequestFailureToast(error as ApiError)
        setMode('viewing')
      },
    })

  if (mode === 'renaming') {
    return (
      <li className="category-row">
        <RenameForm
          current={group.title}
          field={field}
          busy={rename.isPending}
          onSave={saveTitle}
          onCancel={() => setMode('viewing')}
        />
      </li>
    )
  }
  return (
    <li className="category-row" aria-label={group.title}>
      <div className="category-row__main">
        <span className="category-row__title">{group.title}</span>
        <span className="category-row__count">
          {group.staff.length === 0 ? <Trans>Nobody works here yet</Trans> : names}
        </span>
        {mode === 'viewing' && canEdit ? (
          <RowActions
            title={group.title}
            edit={{
              word: 'rename',
              onClick: () => {
                field.setTitle(group.title)
                field.reset()
                setMode('renaming')
              },
            }}
            onDelete={() => setMode('confirmingDelete')}
          />
        ) : null}
      </div>
      {mode === 'confirmingDelete' ? (
        <DeleteQuestion
          label={t`Delete ${group.title}`}
          busy={remove.isPending}
          onCancel={() => setMode('viewing')}
          onConfirm={confirmDelete}
        >
          <p>
            {group.staff.length === 0 ? (
              <Trans>Delete "{title}"?</Trans>
            ) : (
              <Trans>
                Delete "{title}"? {names} will be left without a hall or department, and a team member limited
                to it will see no staff until you choose another group in their rights.
              </Trans>
            )}
          </p>
        </DeleteQuestion>
      ) : null}
    </li>
  )
}
