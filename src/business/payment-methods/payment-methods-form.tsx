import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { PaymentMethod } from '../../../contract/payment-methods/schemas'
import type { ApiError } from '../../api/api-error'
import { useSavePaymentMethods } from '../../api/payment-methods/payment-methods'
import { Checkbox } from '../../ui/checkbox'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SubmitButton } from '../../ui/submit-button'
import { showToast } from '../../ui/toast-store'
import { RowActions } from '../shell/row-actions'
import { moveItem } from './list-order'

/**
 * The company's payment methods as a draft: ticked ones are accepted, the arrows set the order the cash desk
 * offers them in, and Save sends the whole list in one call. A refused save keeps the draft.
 */
export function PaymentMethodsForm(props: { companyId: number; methods: PaymentMethod[] }) {
  const { t } = useLingui()
  const [draft, setDraft] = useState(props.methods)
  const save = useSavePaymentMethods(props.companyId)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(
      {
        payment_methods: draft.map((method) => ({
          id: method.id,
          title: method.title,
          is_active: method.is_active,
        })),
      },
      {
        onSuccess: (saved) => {
          setDraft(saved)
          showToast('success', t`The payment methods are saved.`)
        },
        onError: (error) => showRequestFailureToast(error as ApiError),
      },
    )
  }
  const toggle = (id: number, accepted: boolean) =>
    setDraft((list) => list.map((method) => (method.id === id ? { ...method, is_active: accepted } : method)))
  return (
    <Form onSubmit={submit} errors={null} aria-label={t`Payment methods`}>
      <ul className="category-list">
        {draft.map((method, index) => (
          <li key={method.id} className="category-row" aria-label={method.title}>
            <div className="category-row__main">
              <Checkbox
                className="payment-method-row__check"
                label={method.title}
                checked={method.is_active}
                onChange={(event) => toggle(method.id, event.target.checked)}
              />
              <RowActions
                title={method.title}
                move={{
                  canUp: index > 0,
                  canDown: index < draft.length - 1,
                  onMove: (step) => setDraft((list) => moveItem(list, index, step)),
                }}
              />
            </div>
          </li>
        ))}
      </ul>
      <SubmitButton busy={save.isPending}>
        <Trans>Save payment methods</Trans>
      </SubmitButton>
    </Form>
  )
}
