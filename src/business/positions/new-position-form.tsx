import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent } from 'react'
import type { ApiError } from '../../api/api-error'
import { useCreatePosition } from '../../api/positions/positions'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { useTitleField } from '../shell/title-field'

/** The form above the list that adds a position by its title. */
export function NewPositionForm({ companyId }: { companyId: number }) {
  const { t } = useLingui()
  const field = useTitleField('', t`Enter the position's title.`)
  const create = useCreatePosition(companyId)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    if (!field.valid) return
    create.mutate(
      { title: field.trimmed, services_binding_type: 0 },
      {
        onSuccess: ({ title }) => {
          field.setTitle('')
          field.reset()
          showToast('success', t`Position "${title}" created.`)
        },
        onError: (error) => showRequestFailureToast(error as ApiError),
      },
    )
  }
  return (
    <Form onSubmit={submit} errors={field.error} className="inline-form" aria-label={t`New position`}>
      <TextField
        label={<Trans>New position</Trans>}
        value={field.title}
        onChange={(event) => field.setTitle(event.target.value)}
        error={field.error}
        autoComplete="off"
        maxLength={100}
      />
      <SubmitButton busy={create.isPending}>
        <Trans>Create</Trans>
      </SubmitButton>
    </Form>
  )
}
