import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useLicense } from '../../api/license/license'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import { AddLicenceOption } from './add-licence-option'
import { AddStaffSeats } from './add-staff-seats'
import { LicenceSummary } from './licence-summary'
import { TrialOffer } from './trial-offer'

/** The company's licence and its options; whoever may buy adds staff seats and options, or starts the trial. */
export function LicenceScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Licence`)
  const company = useCurrentCompany()
  const licence = useLicense(company.id)
  const canBuy = company.access.options_license_buy_access

  if (licence.isPending) return <Spinner size="large" />
  if (licence.isError) {
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>Licence</Trans>
        </h1>
        <p>
          <Trans>The licence could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void licence.refetch()}>
          {t`Try again`}
        </button>
      </section>
    )
  }
  const readOnlyNote = canBuy ? null : (
    <ReadOnlyNote>
      <Trans>
        You can see the licence but not buy anything for it: your rights in this company do not include buying
        licence options.
      </Trans>
    </ReadOnlyNote>
  )
  return (
    <>
      <section className="card" aria-labelledby="licence-title">
        <h1 id="licence-title">
          <Trans>Licence</Trans>
        </h1>
        {licence.data === null ? (
          <>
            <p>
              <Trans>The company has no licence yet.</Trans>
            </p>
            {canBuy ? <TrialOffer companyId={company.id} /> : null}
          </>
        ) : (
          <LicenceSummary license={licence.data} />
        )}
        {readOnlyNote}
      </section>
      {licence.data && canBuy ? (
        <section className="card" aria-labelledby="licence-buy-title">
          <h2 id="licence-buy-title">
            <Trans>Add to the licence</Trans>
          </h2>
          {licence.data.is_active ? (
            <>
              <AddStaffSeats companyId={company.id} currency={company.currency_short_title} />
              <AddLicenceOption companyId={company.id} />
            </>
          ) : (
            <p>
              <Trans>The licence has expired: renew it before adding seats or options.</Trans>
            </p>
          )}
        </section>
      ) : null}
    </>
  )
}
