import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { ErrorCode } from '../../../contract/error-codes'
import type { Storage, StorageType } from '../../../contract/storages/schemas'
import type { ApiError } from '../../api/api-error'
import { useDeleteStorage, useUpdateStorage } from '../../api/storages/storages'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { DeleteQuestion } from '../shell/delete-question'
import { RowActions } from '../shell/row-actions'
import { useTitleField } from '../shell/title-field'
import { isTitleTaken, useTakenTitle } from '../shell/title-taken'
import { StorageFormFields } from './storage-form-fields'
import { storageTypeNames } from './storage-types'

type RowMode = { kind: 'viewing' } | { kind: 'changing' } | { kind: 'confirmingDelete' } | { kind: 'refused' }

/** One storage: its title and what it holds; renamed or retyped in place, or deleted after a question. */
export function StorageRow(props: { companyId: number; storage: Storage; canEdit: boolean }) {
  const { t } = useLingui()
  const { companyId, storage, canEdit } = props
  const { title } = storage
  const [mode, setMode] = useState<RowMode>({ kind: 'viewing' })
  const field = useTitleField(title, t`Enter the storage's title.`)
  const taken = useTakenTitle(field, t`A storage with this title already exists.`)
  const [type, setType] = useState<StorageType>(storage.type)
  const [comment, setComment] = useState(storage.comment)
  const update = useUpdateStorage(companyId)
  const remove = useDeleteStorage(companyId)

  const save = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    if (!field.valid) return
    const newTitle = field.trimmed
    update.mutate(
      { id: storage.id, body: { title: newTitle, type, comment: comment.trim() } },
      {
        onSuccess: () => setMode({ kind: 'viewing' }),
        onError: (error) => {
          if (isTitleTaken(error as ApiError)) taken.refuse(newTitle)
          else showRequestFailureToast(error as ApiError)
        },
      },
    )
  }
  const confirmDelete = () =>
    remove.mutate(storage.id, {
      onSuccess: () => showToast('success', t`Storage "${title}" deleted.`),
      onError: (error) => {
        const failure = error as ApiError
        if (failure.status === 409 && failure.code === ErrorCode.lastStorage) setMode({ kind: 'refused' })
        else {
          showRequestFailureToast(failure)
          setMode({ kind: 'viewing' })
        }
      },
    })

  if (mode.kind === 'changing') {
    return (
      <li className="category-row">
        <Form onSubmit={save} errors={taken.error} className="inline-form" aria-label={t`Change ${title}`}>
          <StorageFormFields
            field={{ ...field, error: taken.error }}
            titleLabel={<Trans>Title</Trans>}
            type={type}
            onType={setType}
            autoFocus
          />
          <TextField
            label={<Trans>Comment</Trans>}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            autoComplete="off"
            maxLength={500}
          />
          <SubmitButton busy={update.isPending}>
            <Trans>Save</Trans>
          </SubmitButton>
          <button type="button" className="button" onClick={() => setMode({ kind: 'viewing' })}>
            <Trans>Cancel</Trans>
          </button>
        </Form>
      </li>
    )
  }
  return (
    <li className="category-row" aria-label={title}>
      <div className="category-row__main">
        <span className="category-row__title">{title}</span>
        <span className="category-row__count">{t(storageTypeNames[storage.type])}</span>
        {mode.kind === 'viewing' && canEdit ? (
          <RowActions
            title={title}
            edit={{
              word: 'change',
              onClick: () => {
                field.setTitle(title)
                field.reset()
                setType(storage.type)
                setComment(storage.comment)
                setMode({ kind: 'changing' })
              },
            }}
            onDelete={() => setMode({ kind: 'confirmingDelete' })}
          />
        ) : null}
      </div>
      {storage.comment ? <p className="row-comment">{storage.comment}</p> : null}
      {mode.kind === 'confirmingDelete' ? (
        <DeleteQuestion
          label={t`Delete ${title}`}
          busy={remove.isPending}
          onCancel={() => setMode({ kind: 'viewing' })}
          onConfirm={confirmDelete}
        >
          <p>
            <Trans>Delete the storage "{title}"?</Trans>
          </p>
        </DeleteQuestion>
      ) : null}
      {mode.kind === 'refused' ? (
        <DeleteQuestion label={t`Delete ${title}`} onCancel={() => setMode({ kind: 'viewing' })}>
          <p>
            <Trans>
              "{title}" cannot be deleted: it is the salon's last storage, and goods are sold and consumables
              written off from a storage. Create another storage first, or rename this one.
            </Trans>
          </p>
        </DeleteQuestion>
      ) : null}
    </li>
  )
}
