import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { amountSchema, type Appointment, type PaymentOptions } from '../../../contract/appointments/schemas'
import { ApiError } from '../../api/api-error'
import { useChangeAppointmentStatus, usePaymentOptions } from '../../api/appointments/appointments'
import { FormAlert } from '../../ui/form-alert'
import { SelectField } from '../../ui/select-field'
import { Spinner } from '../../ui/spinner'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { currencySign } from '../../i18n/format-money'
import { useCurrentCompany } from '../shell/company-workspace'
import { AccountSelectField } from './account-select-field'
import { bookFailureText } from './book-failure'

/**
 * The payment step of "Mark paid": the amount (the visit's price to start with), the account it goes into (those
 * the member may use: their list when their rights limit them to one) and, when the company keeps a list, the
 * payment method. Confirming marks the visit paid and stores the payment in one call. With no account to pay
 * into, the step says why and the confirm button stays disabled.
 */
export function PaymentStep(props: { appointment: Appointment; onDone: () => void }) {
  const company = useCurrentCompany()
  const options = usePaymentOptions(company.id)
  if (options.isPending) return <Spinner />
  if (options.isError) {
    return (
      <FormAlert>
        <Trans>The accounts to pay into could not be loaded. Close the appointment and open it again.</Trans>
      </FormAlert>
    )
  }
  return <PaymentForm {...props} options={options.data} />
}

function PaymentForm(props: { appointment: Appointment; options: PaymentOptions; onDone: () => void }) {
  const { t, i18n } = useLingui()
  const company = useCurrentCompany()
  const { appointment, options, onDone } = props
  const changeStatus = useChangeAppointmentStatus(company.id)
  const [amount, setAmount] = useState(String(appointment.price))
  const [accountId, setAccountId] = useState(options.accounts[0]?.id)
  const [method, setMethod] = useState('')
  const [amountError, setAmountError] = useState<string>()
  const [accountError, setAccountError] = useState<string>()
  const [failure, setFailure] = useState('')
  const noAccount = options.accounts.length === 0
  const reason = options.limited
    ? t`You may not take payments: no account is open to you.`
    : t`You may not take payments: the company has no cash desk or bank account yet.`

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure('')
    setAccountError(undefined)
    const typed = amount.trim().replace(',', '.')
    const value = typed === '' ? Number.NaN : Number(typed)
    if (!v.is(amountSchema, value)) {
      return setAmountError(t`Enter an amount of money, such as 2500 or 2500.50.`)
    }
    setAmountError(undefined)
    if (accountId === undefined) return
    try {
      await changeStatus.mutateAsync({
        id: appointment.id,
        status: 'paid',
        payment: { amount: value, account_id: accountId, ...(method ? { payment_method: method } : {}) },
      })
      showToast('success', t`The payment is taken and the visit is paid.`)
      onDone()
    } catch (error) {
      // The server's own sentences (already in the user's language) go next to their fields.
      const fields = error instanceof ApiError ? error.fieldErrors : {}
      if (fields['payment.amount']?.[0]) return setAmountError(fields['payment.amount'][0])
      if (fields['payment.account_id']?.[0]) return setAccountError(fields['payment.account_id'][0])
      setFailure(bookFailureText(error, i18n))
    }
  }

  return (
    <form className="book-payment" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset disabled={noAccount} aria-describedby={noAccount ? 'book-payment-reason' : undefined}>
        <legend>
          <Trans>Take the payment</Trans>
        </legend>
        <TextField
          label={<Trans>Amount, {currencySign(company.currency_short_title)}</Trans>}
          inputMode="decimal"
          value={amount}
          error={amountError}
          onChange={(event) => setAmount(event.target.value)}
        />
        <AccountSelectField
          label={<Trans>Account</Trans>}
          accounts={options.accounts}
          value={accountId}
          error={accountError}
          onChange={setAccountId}
        />
        {options.payment_methods.length > 0 ? (
          <SelectField
            label={<Trans>Payment method</Trans>}
            value={method}
            onChange={(event) => setMethod(event.target.value)}
          >
            <option value="">{t`Not specified`}</option>
            {options.payment_methods.map((item) => (
              <option key={item.slug} value={item.slug}>
                {item.title}
              </option>
            ))}
          </SelectField>
        ) : null}
      </fieldset>
      {noAccount ? (
        <p id="book-payment-reason" className="field__hint">
          {reason}
        </p>
      ) : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="client-form__actions">
        <button
          type="submit"
          className="button button--small"
          disabled={noAccount || changeStatus.isPending}
          aria-busy={changeStatus.isPending}
          aria-describedby={noAccount ? 'book-payment-reason' : undefined}
        >
          <Trans>Confirm payment</Trans>
        </button>
        <button type="button" className="button button--small button--inline" onClick={onDone}>
          <Trans>Back</Trans>
        </button>
      </div>
    </form>
  )
}
