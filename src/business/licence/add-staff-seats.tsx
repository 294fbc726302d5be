import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { LicenseOption } from '../../../contract/license/schemas'
import type { ApiError } from '../../api/api-error'
import { useAddLicenseOption, useAddStaffCalculation } from '../../api/license/license'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { formatMoney } from '../../i18n/format-money'
import { PurchaseQuestion } from './purchase-question'

const MAX_SEATS = 1000

/**
 * More staff seats for the rest of the licence: the price of the number typed is asked for as it changes, and
 * the purchase happens only after the owner confirms that price.
 */
export function AddStaffSeats(props: { companyId: number; currency: string }) {
  const { t } = useLingui()
  const [typed, setTyped] = useState('1')
  const [confirming, setConfirming] = useState(false)
  const amount = /^\d{1,4}$/.test(typed.trim()) ? Number(typed.trim()) : 0
  const valid = amount >= 1 && amount <= MAX_SEATS
  const price = useAddStaffCalculation(props.companyId, valid ? amount : 1)
  const buy = useAddLicenseOption(props.companyId)
  const total = price.data ? formatMoney(price.data.total, props.currency) : ''
  const perSeat = price.data ? formatMoney(price.data.price_per_staff, props.currency) : ''
  const daysLeft = price.data?.days_left ?? 0
  const error = valid ? undefined : t`Enter a whole number of seats from 1 to 1000.`

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (valid && price.data) setConfirming(true)
  }
  const confirm = () =>
    buy.mutate(
      { option_id: LicenseOption.ADDITIONAL_STAFF, amount },
      {
        onSuccess: () => {
          setConfirming(false)
          showToast('success', t`Staff seats added: ${amount}.`)
        },
        onError: (failure) => {
          setConfirming(false)
          showRequestFailureToast(failure as ApiError)
        },
      },
    )

  return (
    <>
      <h3>
        <Trans>More staff seats</Trans>
      </h3>
      <Form onSubmit={submit} errors={error} className="inline-form" aria-label={t`Add staff seats`}>
        <TextField
          label={<Trans>Seats to add</Trans>}
          inputMode="numeric"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value)
            setConfirming(false)
          }}
          error={error}
          autoComplete="off"
        />
        <SubmitButton busy={buy.isPending}>
          <Trans>Add seats</Trans>
        </SubmitButton>
      </Form>
      {valid && price.data ? (
        <p className="licence-price" aria-live="polite">
          <Plural
            value={amount}
            one={`# seat until the licence ends (${daysLeft} days) costs ${total}: ${perSeat} a seat for every 30 days.`}
            other={`# seats until the licence ends (${daysLeft} days) cost ${total}: ${perSeat} a seat for every 30 days.`}
          />
        </p>
      ) : valid && price.isError ? (
        <p role="alert">
          <Trans>The price could not be worked out. Try again in a moment.</Trans>
        </p>
      ) : null}
      {confirming ? (
        <PurchaseQuestion
          label={t`Add staff seats`}
          busy={buy.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        >
          <p>
            <Plural
              value={amount}
              one={`Add # staff seat for ${total}? The amount is charged to the company's account.`}
              other={`Add # staff seats for ${total}? The amount is charged to the company's account.`}
            />
          </p>
        </PurchaseQuestion>
      ) : null}
    </>
  )
}
