import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { AppointmentPayment } from '../../../contract/appointments/schemas'
import { wallClockOf } from '../../../contract/zoned-time'
import { formatMoney } from '../../i18n/format-money'
import { useCurrentCompany } from '../shell/company-workspace'
import { clockOf, dateTitle } from './book-time'

/** An instant as the salon's wall clock says it: "Thu, 26 Nov, 14:05". */
function momentTitle(iso: string, timeZone: string, locale: string) {
  const { date, minutes } = wallClockOf(new Date(iso), timeZone)
  return `${dateTitle(date, locale, 'short')}, ${clockOf(minutes)}`
}

/**
 * The visit's payment in the appointment's details: how much was paid, into which account, by which method (when
 * one was named), and below it each refund (amount, account, reason, who and when), as the visit's payment
 * history. The refund control sits under it (`children`).
 */
export function PaymentDetails(props: {
  payment: AppointmentPayment
  timeZone: string
  children?: ReactNode
}) {
  const { i18n } = useLingui()
  const company = useCurrentCompany()
  const { payment, timeZone } = props
  const money = (amount: number) => formatMoney(amount, company.currency_short_title)
  const paid = money(payment.amount)
  const refunded = money(payment.refunded)
  return (
    <section className="book-paid" aria-labelledby="book-paid-title">
      <h3 id="book-paid-title" className="book-paid__title">
        <Trans>Payment</Trans>
      </h3>
      <dl className="book-details__facts">
        <dt>
          <Trans>Amount paid</Trans>
        </dt>
        <dd>
          <span className="book-paid__money">{paid}</span>{' '}
          <span className="book-paid__when">{momentTitle(payment.taken_at, timeZone, i18n.locale)}</span>
        </dd>
        <dt>
          <Trans>Account</Trans>
        </dt>
        <dd>{payment.account_title}</dd>
        {payment.payment_method_title ? (
          <>
            <dt>
              <Trans>Payment method</Trans>
            </dt>
            <dd>{payment.payment_method_title}</dd>
          </>
        ) : null}
        {payment.refunded > 0 ? (
          <>
            <dt>
              <Trans>Refunded</Trans>
            </dt>
            <dd>
              {payment.refunded >= payment.amount ? (
                <Trans>
                  <span className="book-paid__money">{refunded}</span>, in full
                </Trans>
              ) : (
                <Trans>
                  <span className="book-paid__money">{refunded}</span> of{' '}
                  <span className="book-paid__money">{paid}</span>
                </Trans>
              )}
            </dd>
          </>
        ) : null}
      </dl>
      {payment.refunds.length > 0 ? (
        <>
          <h4 id="book-refunds-title" className="book-paid__subtitle">
            <Trans>Refunds</Trans>
          </h4>
          <ul className="book-refunds" aria-labelledby="book-refunds-title">
            {payment.refunds.map((refund) => (
              <li key={refund.id} className="book-refunds__item">
                <span className="book-refunds__amount book-paid__money">−{money(refund.amount)}</span>
                <span>{refund.account_title}</span>
                {refund.reason ? <span className="book-refunds__reason">{refund.reason}</span> : null}
                <span className="book-refunds__who">
                  {refund.refunded_by_name ?? <Trans>A former user</Trans>},{' '}
                  {momentTitle(refund.refunded_at, timeZone, i18n.locale)}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {props.children}
    </section>
  )
}
