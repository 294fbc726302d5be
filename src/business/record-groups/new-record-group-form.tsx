import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent } from 'react'
import { RECORD_GROUP_TITLE_MAX } from '../../../contract/record-groups/schemas'
import type { ApiError } from '../../api/api-error'
import { useCreateRecordGroup } from '../../api/record-groups/record-groups'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { useTitleField } from '../shell/title-field'

/** The form above the list that adds a hall or department by its title. */
export function NewRecordGroupForm({ companyId }: { companyId: number }) {
  const { t } = useLingui()
  const field = useTitleField('', t`Enter the title of the hall or department.`)
  const create = useCreateRecordGroup(companyId)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    if (!field.valid) return
    create.mutate(
      { title: field.trimmed },
      {
        onSuccess: ({ title }) => {
          field.setTitle('')
          field.reset()
          showToast('success', t`"${title}" created.`)
        },
        onError: (error) => showRequestFailureToast(error as ApiError),
      },
    )
  }
  return (
    <Form
      onSubmit={submit}
      errors={field.error}
      className="inline-form"
      aria-label={t`New hall or department`}
    >
      <TextField
        label={<Trans>New hall or department</Trans>}
        value={field.title}
        onChange={(event) => field.setTitle(event.target.value)}
        error={field.error}
        autoComplete="off"
        maxLength={RECORD_GROUP_TITLE_MAX}
      />
      <SubmitButton busy={create.isPending}>
        <Trans>Create</Trans>
      </SubmitButton>
    </Form>
  )
}
