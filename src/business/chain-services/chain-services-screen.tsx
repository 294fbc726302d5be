import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { chainServicesQueryOptions } from '../../api/chain-services/chain-services'
import { useMyCompanies } from '../../api/companies/companies'
import { useGroups } from '../../api/groups/groups'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import { formatPriceRange } from '../../i18n/format-money'
import { formatDuration } from '../services/service-format'
import { NotInChain } from '../shell/not-in-chain'

/**
 * The chain's catalogue: every chain service with its range, what the chain manages and the salons that offer
 * it. Opening one edits it for every linked salon at once.
 */
export function ChainServicesScreen() {
  const { t, i18n } = useLingui()
  usePageTitle(msg`Chain services`)
  const company = useCurrentCompany()
  const groupId = company.main_group_id
  const services = useQuery({ ...chainServicesQueryOptions(groupId ?? 0), enabled: groupId !== null })
  const companies = useMyCompanies()
  const groups = useGroups()
  if (groupId === null) return <NotInChain />
  const chainTitle = groups.data?.find((group) => group.id === groupId)?.title ?? ''
  const canCreate = company.access.settings_services_create_access
  const canOpen =
    company.access.settings_services_edit_access || company.access.settings_services_delete_access
  const salonTitle = (id: number) =>
    companies.data?.find((candidate) => candidate.id === id)?.title ?? t`Salon ${id}`

  const header = (
    <div className="section-header">
      <div>
        <h1 id="chain-services-title">
          <Trans>Chain services</Trans>
        </h1>
        {chainTitle ? (
          <p className="section-header__subtitle">
            <Trans>The catalogue of the chain {chainTitle}, shared by its salons.</Trans>
          </p>
        ) : null}
      </div>
      {canCreate ? (
        <div className="section-header__actions">
          <Link
            className="button button--primary button--inline"
            to="/{-$lang}/company/$companyId/chain-services/$serviceKey"
            params={(previous) => ({ ...previous, companyId: String(company.id), serviceKey: 'new' })}
          >
            <Trans>New chain service</Trans>
          </Link>
        </div>
      ) : null}
    </div>
  )
  if (services.isPending) return <Spinner size="large" />
  if (services.isError) {
    return (
      <section className="card" role="alert">
        {header}
        <p>
          <Trans>The chain services could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void services.refetch()}>
          {t`Try again`}
        </button>
      </section>
    )
  }
  const currency = company.currency_short_title
  return (
    <section className="card" aria-labelledby="chain-services-title">
      {header}
      {canOpen || canCreate ? null : (
        <ReadOnlyNote>
          <Trans>
            You can see the chain services but not change them: your rights in this company do not include
            editing services.
          </Trans>
        </ReadOnlyNote>
      )}
      {services.data.length === 0 ? (
        <p className="empty-state">
          <Trans>
            The chain has no services of its own yet. A chain service is offered by the salons you link it to,
            with the price and comment the chain decides.
          </Trans>
        </p>
      ) : (
        <ul className="service-list">
          {services.data.map((service) => (
            <li key={service.id} className="service-row">
              <span className="service-row__title">
                {canOpen ? (
                  <Link
                    to="/{-$lang}/company/$companyId/chain-services/$serviceKey"
                    params={(previous) => ({
                      ...previous,
                      companyId: String(company.id),
                      serviceKey: String(service.id),
                    })}
                  >
                    {service.title}
                  </Link>
                ) : (
                  service.title
                )}
                {service.is_price_managed_only_in_chain ? (
                  <span className="badge badge--accent">
                    <Trans>price set by the chain</Trans>
                  </span>
                ) : null}
                {service.is_comment_managed_only_in_chain ? (
                  <span className="badge">
                    <Trans>comment set by the chain</Trans>
                  </span>
                ) : null}
                <span className="service-row__salons">
                  {service.salon_ids.length === 0 ? (
                    <Trans>Not offered by any salon yet</Trans>
                  ) : (
                    <Trans>Offered by: {service.salon_ids.map(salonTitle).join(', ')}</Trans>
                  )}
                </span>
              </span>
              <span className="service-row__duration">{formatDuration(i18n, service.duration)}</span>
              <span className="service-row__price">
                {formatPriceRange(service.price_min, service.price_max, currency)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
