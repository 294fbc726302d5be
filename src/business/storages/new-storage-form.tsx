import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { StorageType } from '../../../contract/storages/schemas'
import { useCreateStorage } from '../../api/storages/storages'
import { Form } from '../../ui/form'
import { SubmitButton } from '../../ui/submit-button'
import { useTitledCreate } from '../shell/titled-create'
import { StorageFormFields } from './storage-form-fields'

/** The form above the list that adds a storage of goods or of consumables. */
export function NewStorageForm({ companyId }: { companyId: number }) {
  const { t } = useLingui()
  const [type, setType] = useState<StorageType>('goods')
  const create = useCreateStorage(companyId)
  const form = useTitledCreate({
    emptyMessage: t`Enter the storage's title.`,
    takenMessage: t`A storage with this title already exists.`,
    create: (title, callbacks) => create.mutate({ title, type }, callbacks),
    createdMessage: (storage: { title: string }) => t`Storage "${storage.title}" created.`,
  })
  return (
    <Form onSubmit={form.submit} errors={form.error} className="inline-form" aria-label={t`New storage`}>
      <StorageFormFields
        field={form.field}
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
