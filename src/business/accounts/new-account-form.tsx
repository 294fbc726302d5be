import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { AccountType } from '../../../contract/accounts/schemas'
import { useCreateAccount } from '../../api/accounts/accounts'
import { Form } from '../../ui/form'
import { SubmitButton } from '../../ui/submit-button'
import { useTitledCreate } from '../shell/titled-create'
import { AccountFormFields } from './account-form-fields'

/** The form above the list that adds a cash desk or a bank account. */
export function NewAccountForm({ companyId }: { companyId: number }) {
  const { t } = useLingui()
  const [type, setType] = useState<AccountType>('cash')
  const create = useCreateAccount(companyId)
  const form = useTitledCreate({
    emptyMessage: t`Enter the account's title.`,
    takenMessage: t`An account with this title already exists.`,
    create: (title, callbacks) => create.mutate({ title, type }, callbacks),
    createdMessage: (account: { title: string }) => t`Account "${account.title}" created.`,
  })
  return (
    <Form onSubmit={form.submit} errors={form.error} className="inline-form" aria-label={t`New account`}>
      <AccountFormFields
        field={form.field}
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
