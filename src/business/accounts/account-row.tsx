import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { Account, AccountInUse, AccountType } from '../../../contract/accounts/schemas'
import type { ApiError } from '../../api/api-error'
import { useDeleteAccount, useUpdateAccount } from '../../api/accounts/accounts'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { DeleteQuestion } from '../shell/delete-question'
import { RowActions } from '../shell/row-actions'
import { useTitleField } from '../shell/title-field'
import { isTitleTaken, useTakenTitle } from '../shell/title-taken'
import { AccountFormFields } from './account-form-fields'
import { accountInUseOf } from './account-in-use'
import { accountTypeNames } from './account-types'
import { formatMoney } from '../../i18n/format-money'

type RowMode =
  | { kind: 'viewing' }
  | { kind: 'changing' }
  | { kind: 'confirmingDelete' }
  | { kind: 'refused'; usedBy: AccountInUse }

/** One account: its title, type and balance; renamed or retyped in place, or deleted after a question. */
export function AccountRow(props: {
  companyId: number
  account: Account
  currency: string
  canEdit: boolean
}) {
  const { t } = useLingui()
  const { companyId, account, currency, canEdit } = props
  const { title } = account
  const [mode, setMode] = useState<RowMode>({ kind: 'viewing' })
  const field = useTitleField(title, t`Enter the account's title.`)
  const taken = useTakenTitle(field, t`An account with this title already exists.`)
  const [type, setType] = useState<AccountType>(account.type)
  const [comment, setComment] = useState(account.comment)
  const update = useUpdateAccount(companyId)
  const remove = useDeleteAccount(companyId)

  const save = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    if (!field.valid) return
    const newTitle = field.trimmed
    update.mutate(
      { id: account.id, body: { title: newTitle, type, comment: comment.trim() } },
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
    remove.mutate(account.id, {
      onSuccess: () => showToast('success', t`Account "${title}" deleted.`),
      onError: (error) => {
        // The server says what the account holds; the question turns into that answer.
        const usedBy = accountInUseOf(error as ApiError)
        if (usedBy) setMode({ kind: 'refused', usedBy })
        else {
          showRequestFailureToast(error as ApiError)
          setMode({ kind: 'viewing' })
        }
      },
    })

  if (mode.kind === 'changing') {
    return (
      <li className="category-row">
        <Form onSubmit={save} errors={taken.error} className="inline-form" aria-label={t`Change ${title}`}>
          <AccountFormFields
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
  const typeName = t(accountTypeNames[account.type])
  return (
    <li className="category-row" aria-label={title}>
      <div className="category-row__main">
        <span className="category-row__title">{title}</span>
        <span className="category-row__count">{typeName}</span>
        {account.balance === undefined ? null : (
          <span className="account-balance">{formatMoney(account.balance, currency)}</span>
        )}
        {mode.kind === 'viewing' && canEdit ? (
          <RowActions
            title={title}
            edit={{
              word: 'change',
              onClick: () => {
                field.setTitle(title)
                field.reset()
                setType(account.type)
                setComment(account.comment)
                setMode({ kind: 'changing' })
              },
            }}
            onDelete={() => setMode({ kind: 'confirmingDelete' })}
          />
        ) : null}
      </div>
      {account.comment ? <p className="row-comment">{account.comment}</p> : null}
      {mode.kind === 'confirmingDelete' ? (
        <DeleteQuestion
          label={t`Delete ${title}`}
          busy={remove.isPending}
          onCancel={() => setMode({ kind: 'viewing' })}
          onConfirm={confirmDelete}
        >
          <p>
            <Trans>Delete the account "{title}"?</Trans>
          </p>
        </DeleteQuestion>
      ) : null}
      {mode.kind === 'refused' ? (
        <DeleteQuestion label={t`Delete ${title}`} onCancel={() => setMode({ kind: 'viewing' })}>
          <AccountInUseText title={title} usedBy={mode.usedBy} currency={currency} />
        </DeleteQuestion>
      ) : null}
    </li>
  )
}

/** Why an account cannot go: the transactions it holds and their sum, and what to do instead. */
function AccountInUseText(props: { title: string; usedBy: AccountInUse; currency: string }) {
  const { title, usedBy, currency } = props
  const balance = formatMoney(usedBy.balance, currency)
  return (
    <>
      <p>
        <Trans>
          "{title}" cannot be deleted: it holds{' '}
          <Plural
            value={usedBy.transactions}
            one="# transaction"
            few="# transactions"
            many="# transactions"
            other="# transactions"
          />{' '}
          with a balance of {balance}. Transactions are the salon's books and stay with their account.
        </Trans>
      </p>
      <p>
        <Trans>To stop using the account, rename it, for example to "Closed — {title}".</Trans>
      </p>
    </>
  )
}
