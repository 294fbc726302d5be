import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { clientCategoryTitleMax } from '../../../contract/client-categories/schemas'
import type { ApiError } from '../../api/api-error'
import { useCreateClientCategory } from '../../api/client-categories/client-categories'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { labelPalette } from '../labels/label-colors'
import { useTitleField } from '../shell/title-field'
import { isTitleTaken, useTakenTitle } from '../shell/title-taken'
import { CategoryChip, CategoryColourChoice } from './category-colour-choice'

/** The form above the list that adds a client category with its colour. */
export function NewClientCategoryForm({ companyId }: { companyId: number }) {
  const { t } = useLingui()
  const field = useTitleField('', t`Enter the category's title.`)
  const taken = useTakenTitle(field, t`A category with this title already exists.`)
  const [color, setColor] = useState(labelPalette[0]!)
  const create = useCreateClientCategory(companyId)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    if (!field.valid) return
    const title = field.trimmed
    create.mutate(
      { title, color },
      {
        onSuccess: (category) => {
          field.setTitle('')
          field.reset()
          showToast('success', t`Category "${category.title}" created.`)
        },
        onError: (error) => {
          if (isTitleTaken(error as ApiError)) taken.refuse(title)
          else showRequestFailureToast(error as ApiError)
        },
      },
    )
  }
  return (
    <Form onSubmit={submit} errors={taken.error} className="label-form" aria-label={t`New category`}>
      <TextField
        label={<Trans>New category</Trans>}
        value={field.title}
        onChange={(event) => field.setTitle(event.target.value)}
        error={taken.error}
        autoComplete="off"
        maxLength={clientCategoryTitleMax}
      />
      <CategoryColourChoice value={color} onChange={setColor} />
      <p className="label-form__preview">
        <Trans>Preview:</Trans> <CategoryChip title={field.trimmed || t`Category`} color={color} />
      </p>
      <SubmitButton busy={create.isPending}>
        <Trans>Create</Trans>
      </SubmitButton>
    </Form>
  )
}
