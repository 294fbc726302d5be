import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { useState } from 'react'
import type { Appointment, AppointmentPayment } from '../../../contract/appointments/schemas'
import { statusChangeRight } from '../../../contract/appointments/statuses'
import { useCurrentCompany } from '../shell/company-workspace'
import { RefundStep } from './refund-step'

/** Why the refund button is disabled for a member without the right to take (and so to refund) payments. */
const missingRefundRight = msg`Your rights in this company do not include taking or refunding payments.`

/**
 * The "Refund" button under a paid visit's payment and the step it opens. A member who may not take payments
 * (record_finances_payment_access) or who is outside their edit window sees it disabled, with the reason under it.
 */
export function RefundControl(props: {
  appointment: Appointment
  payment: AppointmentPayment
  outsideWindow: boolean
}) {
  const { i18n } = useLingui()
  const company = useCurrentCompany()
  const { appointment, payment, outsideWindow } = props
  const [open, setOpen] = useState(false)
  const lacksRight = !company.access[statusChangeRight.paid]
  const disabled = outsideWindow || lacksRight
  if (open && !disabled) {
    return <RefundStep appointment={appointment} payment={payment} onDone={() => setOpen(false)} />
  }
  return (
    <div className="book-paid__actions">
      <button
        type="button"
        className="button button--small"
        disabled={disabled}
        aria-describedby={
          outsideWindow ? 'book-window-reason' : lacksRight ? 'book-refund-reason' : undefined
        }
        aria-expanded={false}
        onClick={() => setOpen(true)}
      >
        <Trans>Refund</Trans>
      </button>
      {lacksRight && !outsideWindow ? (
        <p id="book-refund-reason" className="field__hint">
          {i18n._(missingRefundRight)}
        </p>
      ) : null}
    </div>
  )
}
