import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useEffect, useState } from 'react'
import { fromPromise } from 'xstate'
import type { ChainService } from '../../../contract/chain-services/schemas'
import type { Company, CompanyWithAccess } from '../../../contract/companies/schemas'
import { callFailureOf } from '../../../machines/call-failure'
import { chainServiceEditorMachine } from '../../../machines/chain-service-editor'
import { serviceKeyOf } from '../../../machines/service-editor'
import {
  chainServiceQueryOptions,
  createChainService,
  deleteChainService,
  updateChainService,
} from '../../api/chain-services/chain-services'
import { useMyCompanies } from '../../api/companies/companies'
import { useFlowRouting } from '../../app/flow-routing'
import { inspectionOptions } from '../../app/inspection'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { showToast } from '../../ui/toast-store'
import { useCurrentCompany } from '../shell/company-workspace'
import { serviceIdOfKey } from '../shell/path-ids'
import { ChainServiceForm } from './chain-service-form-view'
import { NotInChain } from '../shell/not-in-chain'

const editorRoute = getRouteApi('/{-$lang}/company/$companyId/chain-services/$serviceKey')

/** /company/{id}/chain-services/{serviceKey}: a new chain service (`new`) or one of the chain's, loaded with the route. */
export function ChainServiceEditorScreen() {
  const { t } = useLingui()
  const { serviceKey } = editorRoute.useParams()
  const company = useCurrentCompany()
  const groupId = company.main_group_id
  const serviceId = serviceKey === 'new' ? null : (serviceIdOfKey(serviceKey) ?? undefined)
  const service = useQuery({
    ...chainServiceQueryOptions(groupId ?? 0, serviceId ?? 0),
    enabled: typeof serviceId === 'number' && groupId !== null,
  })
  const companies = useMyCompanies()
  usePageTitle(serviceId === null ? msg`New chain service` : msg`Chain service`)
  if (groupId === null) return <NotInChain />

  const backToList = (
    <Link
      to="/{-$lang}/company/$companyId/chain-services"
      params={(previous) => ({ ...previous, companyId: String(company.id) })}
    >
      <Trans>Back to the chain services</Trans>
    </Link>
  )
  const unreadable = service.isError && service.data === undefined
  if (serviceId === undefined || (unreadable && callFailureOf(service.error).status === 404)) {
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>There is no such chain service</Trans>
        </h1>
        <p>
          <Trans>It may have been deleted. The list shows the services there are.</Trans>
        </p>
        {backToList}
      </section>
    )
  }
  if (companies.isPending || (serviceId !== null && service.isPending)) return <Spinner size="large" />
  if (unreadable || companies.isError) {
    return (
      <section className="card" role="alert">
        <p>
          <Trans>The chain service could not be loaded.</Trans>
        </p>
        <button
          type="button"
          className="button"
          onClick={() => void Promise.all([service.refetch(), companies.refetch()])}
        >
          {t`Try again`}
        </button>
        {backToList}
      </section>
    )
  }
  return (
    <ChainServiceEditor
      key={serviceKey}
      company={company}
      groupId={groupId}
      service={serviceId === null ? null : (service.data ?? null)}
      salons={companies.data.filter((candidate) => candidate.main_group_id === groupId)}
    />
  )
}

/** The editor's machine (machines/chain-service-editor.ts) with the chain calls, and the form it drives. */
function ChainServiceEditor(props: {
  company: CompanyWithAccess
  groupId: number
  service: ChainService | null
  salons: Company[]
}) {
  const { t } = useLingui()
  const { company, groupId, service, salons } = props
  const queryClient = useQueryClient()
  const { access } = company
  // Whatever the flags here, the server checks them in every salon the change touches.
  const mayEdit =
    service === null ? access.settings_services_create_access : access.settings_services_edit_access
  /** The chain's lists and every salon's services change together. */
  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: ['chain-services', groupId] })
    for (const salon of salons) {
      void queryClient.invalidateQueries({ queryKey: ['services', salon.id] })
      void queryClient.invalidateQueries({ queryKey: ['service_categories', salon.id] })
    }
  }
  const [machine] = useState(() =>
    chainServiceEditorMachine.provide({
      actors: {
        saveService: fromPromise(async ({ input }) => {
          const saved =
            input.serviceId === null
              ? await createChainService(groupId, input.draft)
              : await updateChainService(groupId, input.serviceId, {
                  ...input.draft,
                  ...(input.expectedVersion === null ? {} : { expected_version: input.expectedVersion }),
                })
          refreshLists()
          showToast('success', t`Chain service "${saved.title}" saved in every linked salon.`)
          return saved.id
        }),
        reloadService: fromPromise(async ({ input }) => {
          const fresh = await queryClient.fetchQuery({
            ...chainServiceQueryOptions(groupId, input.serviceId),
            staleTime: 0,
          })
          return fresh.version
        }),
        deleteService: fromPromise(async ({ input }) => {
          await deleteChainService(groupId, input.serviceId)
          // The editor must reach `deleted` (and leave) before this screen sees the service gone.
          queryClient.removeQueries({ queryKey: ['chain-services', groupId, 'one', input.serviceId] })
          refreshLists()
          showToast('success', t`The chain service was deleted; the salons keep their copies.`)
        }),
      },
    }),
  )
  const [state, send, actor] = useMachine(machine, {
    ...inspectionOptions(),
    input: { companyId: company.id, serviceId: service?.id ?? null, version: service?.version ?? null },
  })
  // Loading someone else's version (after a conflict) fills the form anew once that version is on screen.
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
    <ChainServiceForm
      key={formKey}
      service={service}
      salons={salons}
      currency={company.currency_short_title}
      state={state}
      send={send}
      mayEdit={mayEdit}
      mayDelete={service !== null && access.settings_services_delete_access}
    />
  )
}
