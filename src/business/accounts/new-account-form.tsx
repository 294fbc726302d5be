import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { AccountType } from '../../../contract/accounts/schemas'
import type { ApiError } from '../../api/api-error'
import { useCreateAccount } from '../../api/accounts/accounts'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SubmitButton } from '../../ui/submit-button'
import { showToast } from '../../ui/toast-store'
import { useTitleField } from '../shell/title-field'
import { isTitleTaken, useTakenTitle } from '../shell/title-taken'
import { AccountFormFields } from './account-form-fields'

/** The form above the list that adds a cash desk or a bank account. */
export function NewAccountForm({ companyId }: { companyId: number }) {
  const { t } = useLingui()
  const field = useTitleField('', t`Enter the account's title.`)
  const taken = useTakenTitle(field, t`An account with this title already exists.`)
  const [type, setType] = useState<AccountType>('cash')
  const create = useCreateAccount(companyId)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    if (!field.valid) return
    const title = field.trimmed
    create.mutate(
      { title, type },
      {
        onSuccess: (account) => {
          field.setTitle('')
          field.reset()
          showToast('success', t`Account "${account.title}" created.`)
        },
        onError: (error) => {
          if (isTitleTaken(error as ApiError)) taken.refuse(title)
          else showRequestFailureToast(error as ApiError)
        },
      },
    )
  }
  return (
    <Form onSubmit={submit} errors={taken.error} className="inline-form" aria-label={t`New account`}>
      <AccountFormFields
        field={{ ...field, error: taken.error }}
        titleLabel={<Trans>New account</Trans>}
        type={type}
        onType={setType}
      />
      <SubmitButton busy={create.isPending}>
        <Trans>Create</Trans>
      </SubmitButton>
    </Form>
  )
}
