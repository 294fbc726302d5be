import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { StorageType } from '../../../contract/storages/schemas'
import type { ApiError } from '../../api/api-error'
import { useCreateStorage } from '../../api/storages/storages'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SubmitButton } from '../../ui/submit-button'
import { showToast } from '../../ui/toast-store'
import { useTitleField } from '../shell/title-field'
import { isTitleTaken, useTakenTitle } from '../shell/title-taken'
import { StorageFormFields } from './storage-form-fields'

/** The form above the list that adds a storage of goods or of consumables. */
export function NewStorageForm({ companyId }: { companyId: number }) {
  const { t } = useLingui()
  const field = useTitleField('', t`Enter the storage's title.`)
  const taken = useTakenTitle(field, t`A storage with this title already exists.`)
  const [type, setType] = useState<StorageType>('goods')
  const create = useCreateStorage(companyId)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    if (!field.valid) return
    const title = field.trimmed
    create.mutate(
      { title, type },
      {
        onSuccess: (storage) => {
          field.setTitle('')
          field.reset()
          showToast('success', t`Storage "${storage.title}" created.`)
        },
        onError: (error) => {
          if (isTitleTaken(error as ApiError)) taken.refuse(title)
          else showRequestFailureToast(error as ApiError)
        },
      },
    )
  }
  return (
    <Form onSubmit={submit} errors={taken.error} className="inline-form" aria-label={t`New storage`}>
      <StorageFormFields
        field={{ ...field, error: taken.error }}
        titleLabel={<Trans>New storage</Trans>}
        type={type}
        onType={setType}
      />
      <SubmitButton busy={create.isPending}>
        <Trans>Create</Trans>
      </SubmitButton>
    </Form>
  )
}
