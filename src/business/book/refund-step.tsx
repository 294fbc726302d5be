import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import {
  amountSchema,
  type Appointment,
  type AppointmentPayment,
  type PaymentOptions,
} from '../../../contract/appointments/schemas'
import { ApiError } from '../../api/api-error'
import { usePaymentOptions, useRefundAppointment } from '../../api/appointments/appointments'
import { currencySign, formatMoney } from '../../i18n/format-money'
import { FormAlert } from '../../ui/form-alert'
import { Spinner } from '../../ui/spinner'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { useCurrentCompany } from '../shell/company-workspace'
import { AccountSelectField } from './account-select-field'
import { bookFailureText } from './book-failure'

/** What is left of a payment to refund, exact to the kopeck. */
export const refundableOf = (payment: AppointmentPayment) =>
  Math.round(payment.amount * 100 - payment.refunded * 100) / 100

/**
 * The refund step of a paid visit: the amount (all that is left of the payment to start with, less allowed, never
 * more), the account the money leaves (those the member may use; the payment's own account first when it is
 * one of them) and an optional reason. Refunded in full, the visit is back to arrived. With no account to refund
 * out of, the step says why and the confirm button stays disabled.
 */
export function RefundStep(props: {
  appointment: Appointment
  payment: AppointmentPayment
  onDone: () => void
}) {
  const company = useCurrentCompany()
  const options = usePaymentOptions(company.id)
  if (options.isPending) return <Spinner />
  if (options.isError) {
    return (
      <FormAlert>
        <Trans>
          The accounts to refund from could not be loaded. Close the appointment and open it again.
        </Trans>
      </FormAlert>
    )
  }
  return <RefundForm {...props} options={options.data} />
}

function RefundForm(props: {
  appointment: Appointment
  payment: AppointmentPayment
  options: PaymentOptions
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const company = useCurrentCompany()
  const { appointment, payment, options, onDone } = props
  const refund = useRefundAppointment(company.id)
  const refundable = refundableOf(payment)
  const usable = options.accounts.some((account) => account.id === payment.account_id)
  const [amount, setAmount] = useState(String(refundable))
  const [accountId, setAccountId] = useState(usable ? payment.account_id : options.accounts[0]?.id)
  const [reason, setReason] = useState('')
  const [amountError, setAmountError] = useState<string>()
  const [accountError, setAccountError] = useState<string>()
  const [reasonError, setReasonError] = useState<string>()
  const [failure, setFailure] = useState('')
  const noAccount = options.accounts.length === 0
  const noAccountReason = options.limited
    ? t`You may not refund: no account is open to you.`
    : t`You may not refund: the company has no cash desk or bank account yet.`
  const most = formatMoney(refundable, company.currency_short_title)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure('')
    setAccountError(undefined)
    setReasonError(undefined)
    const typed = amount.trim().replace(',', '.')
    const value = typed === '' ? Number.NaN : Number(typed)
    if (!v.is(amountSchema, value) || value <= 0 || value > refundable) {
      return setAmountError(t`Enter an amount more than zero and at most ${most}.`)
    }
    setAmountError(undefined)
    if (accountId === undefined) return
    try {
      const refunded = await refund.mutateAsync({
        id: appointment.id,
        amount: value,
        account_id: accountId,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      })
      showToast(
        'success',
        refunded.status === 'paid'
          ? t`The refund is made; the visit stays paid.`
          : t`The payment is refunded in full; the client is marked arrived.`,
      )
      onDone()
    } catch (error) {
      // The server's own sentences (already in the user's language) go next to their fields.
      const fields = error instanceof ApiError ? error.fieldErrors : {}
      if (fields.amount?.[0]) return setAmountError(fields.amount[0])
      if (fields.account_id?.[0]) return setAccountError(fields.account_id[0])
      if (fields.reason?.[0]) return setReasonError(fields.reason[0])
      setFailure(bookFailureText(error, i18n))
    }
  }

  return (
    <form className="book-payment" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset disabled={noAccount} aria-describedby={noAccount ? 'book-refund-accounts' : undefined}>
        <legend>
          <Trans>Refund the payment</Trans>
        </legend>
        <TextField
          label={<Trans>Amount, {currencySign(company.currency_short_title)}</Trans>}
          hint={<Trans>At most {most}</Trans>}
          inputMode="decimal"
          value={amount}
          error={amountError}
          onChange={(event) => setAmount(event.target.value)}
        />
        <AccountSelectField
          label={<Trans>Refund from the account</Trans>}
          accounts={options.accounts}
          value={accountId}
          error={accountError}
          onChange={setAccountId}
        />
        <TextField
          label={<Trans>Reason (optional)</Trans>}
          value={reason}
          maxLength={500}
          error={reasonError}
          onChange={(event) => setReason(event.target.value)}
        />
      </fieldset>
      {noAccount ? (
        <p id="book-refund-accounts" className="field__hint">
          {noAccountReason}
        </p>
      ) : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="client-form__actions">
        <button
          type="submit"
          className="button button--small button--danger"
          disabled={noAccount || refund.isPending}
          aria-busy={refund.isPending}
          aria-describedby={noAccount ? 'book-refund-accounts' : undefined}
        >
          <Trans>Confirm refund</Trans>
        </button>
        <button type="button" className="button button--small button--inline" onClick={onDone}>
          <Trans>Back</Trans>
        </button>
      </div>
    </form>
  )
}
