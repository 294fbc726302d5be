import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useEffect, useState } from 'react'
import { callFailureOf } from '../../../machines/call-failure'
import { fromPromise } from 'xstate'
import type { CompanyWithAccess } from '../../../contract/companies/schemas'
import type { ServiceCategory } from '../../../contract/service-categories/schemas'
import type { Service } from '../../../contract/services/schemas'
import type { Employee } from '../../../contract/staff/schemas'
import { serviceEditorMachine, serviceKeyOf } from '../../../machines/service-editor'
import { useServiceCategories } from '../../api/service-categories/service-categories'
import { useStaffList } from '../../api/staff/staff-queries'
import {
  createService,
  deleteService,
  serviceQueryOptions,
  servicesQueryOptions,
  updateService,
} from '../../api/services/services'
import { useFlowRouting } from '../../app/flow-routing'
import { inspectionOptions } from '../../app/inspection'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { showToast } from '../../ui/toast-store'
import { useCurrentCompany } from '../shell/company-workspace'
import { translationLanguagesOf } from '../shell/title-translations'
import { chainRulesOf, withoutChainOwned } from './chain-rules'
import { ServiceForm } from './service-form-view'
import { ServicePicture } from './service-picture'
import { serviceIdOfKey } from '../shell/path-ids'
import { SectionNotAllowed } from '../shell/workspace-shell'

const editorRoute = getRouteApi('/{-$lang}/company/$companyId/services/$serviceKey')

/** /company/{id}/services/{serviceKey}: a new service (`new`) or an existing one, loaded with the route. */
export function ServiceEditorScreen() {
  const { t } = useLingui()
  const { serviceKey } = editorRoute.useParams()
  const company = useCurrentCompany()
  const serviceId = serviceIdOfKey(serviceKey)
  const service = useQuery({
    ...serviceQueryOptions(company.id, serviceId ?? 0),
    enabled: typeof serviceId === 'number',
  })
  const categories = useServiceCategories(company.id)
  const { access } = company
  const mayEdit =
    serviceId === null ? access.settings_services_create_access : access.settings_services_edit_access
  // The staff are read only to choose who performs the service; a list that cannot be read leaves that part out.
  const staff = useStaffList(company.id)
  const composite = serviceKey === 'new-composite' || service.data?.is_composite === true
  // A composite is made of the company's other services; a plain service does not read them.
  const catalogue = useQuery({ ...servicesQueryOptions(company.id), enabled: composite })
  usePageTitle(
    serviceKey === 'new-composite'
      ? msg`New composite service`
      : serviceId === null
        ? msg`New service`
        : msg`Service`,
  )

  const backToList = (
    <Link
      to="/{-$lang}/company/$companyId/services"
      params={(previous) => ({ ...previous, companyId: String(company.id) })}
    >
      <Trans>Back to the services</Trans>
    </Link>
  )
  // A new service's form is for those who may add one: anyone else is told the section's page is closed.
  if (serviceId === null && !mayEdit) return <SectionNotAllowed />
  // A read that fails after the service was shown (loading someone else's version) is the editor's to tell.
  const unreadable = service.isError && service.data === undefined
  if (serviceId === undefined || (unreadable && callFailureOf(service.error).status === 404)) {
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>There is no such service</Trans>
        </h1>
        <p>
          <Trans>It may have been deleted. The list shows the services there are.</Trans>
        </p>
        {backToList}
      </section>
    )
  }
  if (
    categories.isPending ||
    (serviceId !== null && service.isPending) ||
    (mayEdit && staff.isPending) ||
    (composite && catalogue.isPending)
  )
    return <Spinner size="large" />
  if (categories.isError || unreadable || (composite && catalogue.isError)) {
    return (
      <section className="card" role="alert">
        <p>
          <Trans>The service could not be loaded.</Trans>
        </p>
        <button
          type="button"
          className="button"
          onClick={() => void Promise.all([categories.refetch(), service.refetch(), catalogue.refetch()])}
        >
          {t`Try again`}
        </button>
        {backToList}
      </section>
    )
  }
  return (
    <ServiceEditor
      key={serviceKey}
      company={company}
      service={serviceId === null ? null : (service.data ?? null)}
      categories={categories.data}
      employees={mayEdit && staff.data ? staff.data : null}
      catalogue={composite ? (catalogue.data ?? []) : null}
      mayEdit={mayEdit}
    />
  )
}

/** The editor's machine (machines/service-editor.ts) with the service calls, and the form it drives. */
function ServiceEditor(props: {
  company: CompanyWithAccess
  service: Service | null
  categories: ServiceCategory[]
  employees: Employee[] | null
  catalogue: Service[] | null
  mayEdit: boolean
}) {
  const { t } = useLingui()
  const { company, service, categories, employees, catalogue, mayEdit } = props
  const queryClient = useQueryClient()
  const mayChangePrices = service === null || company.access.settings_services_prices_edit_access
  const [machine] = useState(() =>
    serviceEditorMachine.provide({
      actors: {
        saveService: fromPromise(async ({ input }) => {
          const { draft } = input
          const saved =
            input.serviceId === null
              ? await createService(input.companyId, {
                  ...draft,
                  is_composite: draft.composite_details !== undefined,
                })
              : await updateService(input.companyId, input.serviceId, {
                  ...withoutChainOwned(withoutPrices(draft, mayChangePrices), chainRulesOf(service)),
                  ...(input.expectedVersion === null ? {} : { expected_version: input.expectedVersion }),
                })
          // The lists read again in the background; the list route's loader waits for them if it needs them.
          void queryClient.invalidateQueries({ queryKey: ['services', input.companyId] })
          void queryClient.invalidateQueries({ queryKey: ['service_categories', input.companyId] })
          showToast('success', t`Service "${saved.title}" saved.`)
          return saved.id
        }),
        reloadService: fromPromise(async ({ input }) => {
          const fresh = await queryClient.fetchQuery({
            ...serviceQueryOptions(input.companyId, input.serviceId),
            staleTime: 0,
          })
          return fresh.version ?? null
        }),
        deleteService: fromPromise(async ({ input }) => {
          await deleteService(input.companyId, input.serviceId)
          // Nothing is awaited after the service leaves the cache: the editor must reach `deleted` (and leave for
          // the list, whose loader waits for the fresh lists) before this screen sees the service gone.
          queryClient.removeQueries({ queryKey: ['services', input.companyId, 'one', input.serviceId] })
          void queryClient.invalidateQueries({ queryKey: ['services', input.companyId] })
          void queryClient.invalidateQueries({ queryKey: ['service_categories', input.companyId] })
          showToast('success', t`The service was deleted.`)
        }),
      },
    }),
  )
  const [state, send, actor] = useMachine(machine, {
    ...inspectionOptions(),
    input: {
      companyId: company.id,
      serviceId: service?.id ?? null,
      version: service?.version ?? null,
      composite: catalogue !== null,
    },
  })
  // The form keeps what the user typed while the service is read again in the background; only loading the
  // other person's version (after a conflict) fills it anew, once that version has reached this screen.
  const [formKey, setFormKey] = useState(0)
  const [reloadedTo, setReloadedTo] = useState<number | null>(null)
  useEffect(() => {
    let previous = actor.getSnapshot()
    const subscription = actor.subscribe((snapshot) => {
      if (previous.matches('reloading') && snapshot.matches('editing'))
        setReloadedTo(snapshot.context.version)
      previous = snapshot
    })
    return () => subscription.unsubscribe()
  }, [actor])
  useEffect(() => {
    if (reloadedTo === null || (service?.version ?? 0) < reloadedTo) return
    setReloadedTo(null)
    setFormKey((key) => key + 1)
  }, [reloadedTo, service?.version])
  useFlowRouting(actor, {
    params: (snapshot) => ({ companyId: company.id, serviceKey: serviceKeyOf(snapshot.context) }),
  })
  return (
    <ServiceForm
      key={formKey}
      service={service}
      categories={categories}
      employees={employees}
      catalogue={catalogue}
      currency={company.currency_short_title}
      state={state}
      send={send}
      mayEdit={mayEdit}
      mayChangePrices={mayChangePrices}
      mayDelete={service !== null && company.access.settings_services_delete_access}
      translationLanguages={translationLanguagesOf(company.language_id)}
      picture={<ServicePicture companyId={company.id} service={service} mayEdit={mayEdit} />}
    />
  )
}

/** A user without the price right saves everything but the prices (the server would refuse the whole save). */
function withoutPrices<T extends { price_min: number; price_max: number }>(
  draft: T,
  mayChangePrices: boolean,
) {
  if (mayChangePrices) return draft
  const { price_min: _min, price_max: _max, ...rest } = draft
  return rest
}
