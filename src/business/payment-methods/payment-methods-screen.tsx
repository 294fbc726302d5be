import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { usePaymentMethods } from '../../api/payment-methods/payment-methods'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import { FieldPins } from './field-pins'
import { PaymentMethodPins } from './payment-method-pins'
import { PaymentMethodsForm } from './payment-methods-form'

/**
 * The ways clients pay (which are accepted, in which order) and what the cash desk shows first: pinned payment
 * methods and pinned fields.
 */
export function PaymentMethodsScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Payment methods`)
  const company = useCurrentCompany()
  const methods = usePaymentMethods(company.id)
  const canEditMethods = company.access.finances_payment_methods_edit_access
  const canReadPins = company.access.record_finances_access
  const canEditPins = company.access.options_attendance_pins_access

  if (methods.isPending) return <Spinner size="large" />
  if (methods.isError) {
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>Payment methods</Trans>
        </h1>
        <p>
          <Trans>The payment methods could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void methods.refetch()}>
          {t`Try again`}
        </button>
      </section>
    )
  }
  return (
    <>
      <section className="card" aria-labelledby="payment-methods-title">
        <h1 id="payment-methods-title">
          <Trans>Payment methods</Trans>
        </h1>
        {methods.data.length === 0 ? (
          <p className="empty-state">
            <Trans>The company has no payment methods yet.</Trans>
          </p>
        ) : canEditMethods ? (
          <>
            <p className="section-intro">
              <Trans>
                Tick the ways the salon accepts payment. The cash desk offers them in this order; move them
                with the arrows and save.
              </Trans>
            </p>
            <PaymentMethodsForm companyId={company.id} methods={methods.data} />
          </>
        ) : (
          <>
            <ul className="category-list">
              {methods.data.map((method) => (
                <li key={method.id} className="category-row" aria-label={method.title}>
                  <span className="category-row__title">{method.title}</span>
                  <span className="category-row__count">
                    {method.is_active ? <Trans>Accepted</Trans> : <Trans>Not accepted</Trans>}
                  </span>
                </li>
              ))}
            </ul>
            <ReadOnlyNote>
              <Trans>
                You can see the payment methods but not change them: your rights in this company do not
                include editing payment methods.
              </Trans>
            </ReadOnlyNote>
          </>
        )}
      </section>
      {canReadPins ? (
        <section className="card" aria-labelledby="cash-desk-pins-title">
          <h2 id="cash-desk-pins-title">
            <Trans>At the cash desk</Trans>
          </h2>
          <p className="section-intro">
            <Trans>
              Pinned payment methods and fields stay at the top of the payment window, so the administrator
              reaches them first. Changes are saved as you tick.
            </Trans>
          </p>
          <PaymentMethodPins companyId={company.id} methods={methods.data} canEdit={canEditPins} />
          <FieldPins companyId={company.id} canEdit={canEditPins} />
          {canEditPins ? null : (
            <ReadOnlyNote>
              <Trans>
                You can see what is pinned but not change it: your rights in this company do not include the
                cash desk pins.
              </Trans>
            </ReadOnlyNote>
          )}
        </section>
      ) : null}
    </>
  )
}
