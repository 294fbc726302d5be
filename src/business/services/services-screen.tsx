import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useServiceCategories } from '../../api/service-categories/service-categories'
import type { ApiError } from '../../api/api-error'
import { useServices } from '../../api/services/services'
import { useSortServices } from '../../api/services/service-sort'
import { usePageTitle } from '../../ui/page-title'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SelectField } from '../../ui/select-field'
import { Spinner } from '../../ui/spinner'
import { TextField } from '../../ui/text-field'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import { ServiceBulkBar, useServiceBulkActions } from './service-bulk-actions'
import { ServiceGroupList } from './service-group-list'
import { firstServices, SERVICES_PAGE, servicesByCategory, type ServiceStatusFilter } from './service-list'

const servicesRoute = getRouteApi('/{-$lang}/company/$companyId/services')

/**
 * The service menu of a company, by category, with a search and a status filter that live in the URL (a
 * reload or a shared link shows the same list). Opening a service edits it when the user's rights allow.
 */
export function ServicesScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Services`)
  const company = useCurrentCompany()
  const search = servicesRoute.useSearch()
  const navigate = useNavigate()
  const categories = useServiceCategories(company.id)
  const services = useServices(company.id)
  const canCreate = company.access.settings_services_create_access
  const canOpen =
    company.access.settings_services_edit_access || company.access.settings_services_delete_access
  const [bulk, sendBulk] = useServiceBulkActions(company.id)
  const canSort = company.access.settings_services_edit_access
  const sort = useSortServices(company.id)
  // How many services are shown: a page at first, more on request; a new search starts from one page again.
  const filterKey = `${search.q ?? ''}|${search.status ?? 'all'}`
  const [shownFor, setShownFor] = useState({ filterKey, limit: SERVICES_PAGE })
  const limit = shownFor.filterKey === filterKey ? shownFor.limit : SERVICES_PAGE
  const mayTick = canOpen
  const ticked = new Set(bulk.context.selected)
  const tick = (ids: number[], on: boolean) =>
    sendBulk({
      type: 'selection.changed',
      ids: on ? [...ticked, ...ids] : [...ticked].filter((id) => !ids.includes(id)),
    })
  const setFilter = (next: { q?: string; status?: ServiceStatusFilter }) =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, ...next }),
      replace: true,
    })

  const newService = canCreate ? (
    <Link
      className="button button--primary button--inline"
      to="/{-$lang}/company/$companyId/services/$serviceKey"
      params={(previous) => ({ ...previous, companyId: String(company.id), serviceKey: 'new' })}
    >
      <Trans>New service</Trans>
    </Link>
  ) : null
  const newComposite =
    canCreate && company.access.settings_services_composite_access ? (
      <Link
        className="button button--inline"
        to="/{-$lang}/company/$companyId/services/$serviceKey"
        params={(previous) => ({ ...previous, companyId: String(company.id), serviceKey: 'new-composite' })}
      >
        <Trans>New composite service</Trans>
      </Link>
    ) : null
  const header = (
    <div className="section-header">
      <h1 id="services-title">
        <Trans>Services</Trans>
      </h1>
      {newService || newComposite ? (
        <div className="section-header__actions">
          {newService}
          {newComposite}
        </div>
      ) : null}
    </div>
  )
  if (categories.isPending || services.isPending) return <Spinner size="large" />
  if (categories.isError || services.isError) {
    return (
      <section className="card" role="alert">
        {header}
        <p>
          <Trans>The services could not be loaded.</Trans>
        </p>
        <button
          type="button"
          className="button"
          onClick={() => void Promise.all([categories.refetch(), services.refetch()])}
        >
          {t`Try again`}
        </button>
      </section>
    )
  }
  const query = search.q ?? ''
  const status = search.status ?? 'all'
  const page = firstServices(servicesByCategory(categories.data, services.data, { query, status }), limit)
  const { groups } = page
  const currency = company.currency_short_title
  const filtered = query !== '' || status !== 'all'
  return (
    <section className="card" aria-labelledby="services-title">
      {header}
      {canOpen || canCreate ? null : (
        <ReadOnlyNote>
          <Trans>
            You can see the services but not change them: your rights in this company do not include editing
            services.
          </Trans>
        </ReadOnlyNote>
      )}
      {services.data.length === 0 ? (
        <div className="empty-state">
          <p>
            <Trans>
              There are no services yet. Start with a category, then add the services you offer in it.
            </Trans>
          </p>
          <Link
            to="/{-$lang}/company/$companyId/categories"
            params={(previous) => ({ ...previous, companyId: String(company.id) })}
          >
            <Trans>Go to service categories</Trans>
          </Link>
        </div>
      ) : (
        <>
          <div className="filters" role="search">
            <TextField
              type="search"
              label={<Trans>Search by title</Trans>}
              value={query}
              onChange={(event) => setFilter({ q: event.target.value || undefined })}
            />
            <SelectField
              label={<Trans>Show</Trans>}
              value={status}
              onChange={(event) => setFilter({ status: event.target.value as ServiceStatusFilter })}
            >
              <option value="all">{t`All services`}</option>
              <option value="active">{t`Active only`}</option>
              <option value="inactive">{t`Inactive only`}</option>
              <option value="online">{t`Bookable online`}</option>
            </SelectField>
          </div>
          {canSort && filtered && groups.length > 0 ? (
            <p className="sort-note">
              <Trans>Clear the search and show all services to change their order.</Trans>
            </p>
          ) : null}
          {mayTick && groups.length > 0 ? (
            <div className="check select-all">
              <input
                id="tick-all"
                type="checkbox"
                className="check__box"
                checked={groups
                  .flatMap((group) => group.services.map((service) => service.id))
                  .every((id) => ticked.has(id))}
                disabled={!bulk.matches('selecting')}
                onChange={(event) =>
                  tick(
                    groups.flatMap((group) => group.services.map((service) => service.id)),
                    event.target.checked,
                  )
                }
              />
              <label className="check__label" htmlFor="tick-all">
                <Trans>Tick all shown</Trans>
              </label>
            </div>
          ) : null}
          <ServiceBulkBar
            state={bulk}
            send={sendBulk}
            services={services.data}
            categories={categories.data}
            mayEdit={company.access.settings_services_edit_access}
            mayDelete={company.access.settings_services_delete_access}
          />
          {groups.length === 0 ? (
            <p className="empty-state" role="status">
              <Trans>No service matches the search.</Trans>
            </p>
          ) : (
            groups.map(({ category, services: inCategory }) => (
              <section
                key={category.id}
                className="service-group"
                aria-labelledby={`category-${category.id}`}
              >
                <h2 id={`category-${category.id}`}>{category.title}</h2>
                <ServiceGroupList
                  companyId={company.id}
                  category={category}
                  services={inCategory}
                  currency={currency}
                  canOpen={canOpen}
                  tick={
                    mayTick
                      ? {
                          isTicked: (id) => ticked.has(id),
                          disabled: !bulk.matches('selecting'),
                          onChange: (id, on) => tick([id], on),
                        }
                      : undefined
                  }
                  sorting={
                    canSort && !filtered
                      ? {
                          categoryIds: services.data
                            .filter((service) => service.category_id === category.id)
                            .map((service) => service.id),
                          onSort: (ids) =>
                            sort.mutate(
                              { category_id: category.id, ids },
                              { onError: (failure) => showRequestFailureToast(failure as ApiError) },
                            ),
                        }
                      : undefined
                  }
                />
              </section>
            ))
          )}
          {page.shown < page.total ? (
            <div className="show-more">
              <p role="status">
                <Trans>
                  Showing {page.shown} of {page.total} services.
                </Trans>
              </p>
              <button
                type="button"
                className="button button--inline"
                onClick={() => setShownFor({ filterKey, limit: limit + SERVICES_PAGE })}
              >
                <Trans>Show {Math.min(SERVICES_PAGE, page.total - page.shown)} more</Trans>
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}
