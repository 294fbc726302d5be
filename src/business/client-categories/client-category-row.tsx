import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { clientCategoryTitleMax, type ClientCategory } from '../../../contract/client-categories/schemas'
import type { ApiError } from '../../api/api-error'
import {
  useDeleteClientCategory,
  useUpdateClientCategory,
} from '../../api/client-categories/client-categories'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { DeleteQuestion } from '../shell/delete-question'
import { RowActions } from '../shell/row-actions'
import { useTitleField } from '../shell/title-field'
import { isTitleTaken, useTakenTitle } from '../shell/title-taken'
import { CategoryChip, CategoryColourChoice } from './category-colour-choice'

/** One client category: its chip; renamed and recoloured in place, or deleted after a question. */
export function ClientCategoryRow(props: { companyId: number; category: ClientCategory; canEdit: boolean }) {
  const { t } = useLingui()
  const { companyId, category, canEdit } = props
  const { title } = category
  const [mode, setMode] = useState<'viewing' | 'changing' | 'confirmingDelete'>('viewing')
  const field = useTitleField(title, t`Enter the category's title.`)
  const taken = useTakenTitle(field, t`A category with this title already exists.`)
  const [color, setColor] = useState(category.color)
  const update = useUpdateClientCategory(companyId)
  const remove = useDeleteClientCategory(companyId)

  const save = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    if (!field.valid) return
    const newTitle = field.trimmed
    update.mutate(
      { id: category.id, body: { title: newTitle, color } },
      {
        onSuccess: () => setMode('viewing'),
        onError: (error) => {
          if (isTitleTaken(error as ApiError)) taken.refuse(newTitle)
          else showRequestFailureToast(error as ApiError)
        },
      },
    )
  }

  if (mode === 'changing') {
    return (
      <li className="category-row">
        <Form onSubmit={save} errors={taken.error} className="label-form" aria-label={t`Change ${title}`}>
          <TextField
            label={<Trans>Title</Trans>}
            value={field.title}
            onChange={(event) => field.setTitle(event.target.value)}
            error={taken.error}
            autoComplete="off"
            maxLength={clientCategoryTitleMax}
            autoFocus
          />
          <CategoryColourChoice value={color} onChange={setColor} />
          <SubmitButton busy={update.isPending}>
            <Trans>Save</Trans>
          </SubmitButton>
          <button type="button" className="button" onClick={() => setMode('viewing')}>
            <Trans>Cancel</Trans>
          </button>
        </Form>
      </li>
    )
  }
  return (
    <li className="category-row" aria-label={title}>
      <div className="category-row__main">
        <CategoryChip title={title} color={category.color} />
        <span className="category-row__count" />
        {canEdit && mode === 'viewing' ? (
          <RowActions
            title={title}
            edit={{
              word: 'change',
              onClick: () => {
                field.setTitle(title)
                field.reset()
                setColor(category.color)
                setMode('changing')
              },
            }}
            onDelete={() => setMode('confirmingDelete')}
          />
        ) : null}
      </div>
      {mode === 'confirmingDelete' ? (
        <DeleteQuestion
          label={t`Delete ${title}`}
          busy={remove.isPending}
          onCancel={() => setMode('viewing')}
          onConfirm={() =>
            remove.mutate(category.id, {
              onSuccess: () => showToast('success', t`Category "${title}" deleted.`),
              onError: (error) => {
                showRequestFailureToast(error as ApiError)
                setMode('viewing')
              },
            })
          }
        >
          <p>
            <Trans>
              Delete the client category "{title}"? Clients keep their cards; only the category goes.
            </Trans>
          </p>
        </DeleteQuestion>
      ) : null}
    </li>
  )
}
