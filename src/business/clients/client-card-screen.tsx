import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { ClientCard, ClientListItem } from '../../../contract/clients/schemas'
import type { ApiError } from '../../api/api-error'
import {
  useClient,
  useClients,
  useDeleteClient,
  useMergeClient,
  useUpdateClient,
} from '../../api/clients/clients'
import { NotFoundScreen } from '../../ui/not-found-screen'
import { usePageTitle } from '../../ui/page-title'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { Spinner } from '../../ui/spinner'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { useCurrentCompany } from '../shell/company-workspace'
import { ClientForm, formatClientPhone } from './client-form'

const clientCardRoute = getRouteApi('/{-$lang}/company/$companyId/clients/$clientId')

const fullName = (client: Pick<ClientListItem, 'name' | 'surname'>) =>
  `${client.name} ${client.surname}`.trim()

/** One client's card: the editable facts, the visits slot, merging a duplicate into it, and deleting it. */
export function ClientCardScreen() {
  usePageTitle(msg`Client`)
  const company = useCurrentCompany()
  const { clientId } = clientCardRoute.useParams()
  const id = Number(clientId)
  const client = useClient(company.id, Number.isInteger(id) && id > 0 ? id : 0)
  if (!Number.isInteger(id) || id <= 0) return <NotFoundScreen />
  if (client.isPending) return <Spinner size="large" />
  if (client.isError) {
    if ((client.error as ApiError).status === 404) return <NotFoundScreen />
    return (
      <div role="alert" className="card">
        <p>
          <Trans>The client could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void client.refetch()}>
          <Trans>Try again</Trans>
        </button>
      </div>
    )
  }
  return <ClientCardView key={`${client.data.id}-${contentVersionOf(client.data)}`} client={client.data} />
}

const contentVersions = new WeakMap<object, number>()
let lastContentVersion = 0

/**
 * A number per card content: the view starts afresh (its form and panels) when the card's content changes, after
 * a save or a merge, but not on a background refetch that brings the same card (TanStack Query then keeps the same
 * object), which would wipe what the user is typing.
 */
function contentVersionOf(card: ClientCard): number {
  let version = contentVersions.get(card)
  if (version === undefined) {
    version = ++lastContentVersion
    contentVersions.set(card, version)
  }
  return version
}

function ClientCardView({ client }: { client: ClientCard }) {
  const { t } = useLingui()
  const company = useCurrentCompany()
  const update = useUpdateClient(company.id, client.id)
  const mayEdit = company.access.clients_edit_access
  const back = (
    <Link
      to="/{-$lang}/company/$companyId/clients"
      params={(params) => ({ ...params, companyId: String(company.id) })}
    >
      <Trans>All clients</Trans>
    </Link>
  )
  if (client.merged_into_id !== null) {
    return (
      <section className="card" aria-labelledby="client-title">
        <p>{back}</p>
        <h1 id="client-title">{fullName(client)}</h1>
        <p role="status">
          <Trans>
            This card was merged into{' '}
            <Link
              to="/{-$lang}/company/$companyId/clients/$clientId"
              params={(params) => ({
                ...params,
                companyId: String(company.id),
                clientId: String(client.merged_into_id),
              })}
            >
              another client's card
            </Link>
            .
          </Trans>
        </p>
      </section>
    )
  }
  return (
    <>
      <section className="card" aria-labelledby="client-title">
        <p>{back}</p>
        <h1 id="client-title">{fullName(client)}</h1>
        {mayEdit ? null : (
          <p className="field__hint">
            <Trans>
              You can see this card but not change it: your rights in this company do not include editing
              clients.
            </Trans>
          </p>
        )}
        <ClientForm
          client={client}
          busy={update.isPending}
          disabled={!mayEdit}
          submitLabel={<Trans>Save</Trans>}
          onSubmit={async (body) => {
            try {
              await update.mutateAsync(body)
              showToast('success', t`Saved.`)
              return undefined
            } catch (error) {
              return error as ApiError
            }
          }}
        />
      </section>
      <ClientVisitsSlot />
      <MergePanel client={client} />
      <DeletePanel client={client} />
    </>
  )
}

/**
 * Where the card shows the client's visit history and future appointments. The appointment book is not part of
 * this build yet, so it says so instead of showing visits; the book fills this slot with the client's records.
 */
export function ClientVisitsSlot() {
  return (
    <section className="card" aria-labelledby="client-visits-title">
      <h2 id="client-visits-title">
        <Trans>Visits and appointments</Trans>
      </h2>
      <p className="empty-state">
        <Trans>Nothing is booked for this client yet.</Trans>
      </p>
    </section>
  )
}

/** "This is the same person as…": pick another client by search, see what moves, confirm. */
function MergePanel({ client }: { client: ClientCard }) {
  const { t } = useLingui()
  const company = useCurrentCompany()
  const mayMerge = company.access.clients_merge_access
  const [term, setTerm] = useState('')
  const [picked, setPicked] = useState<ClientListItem | null>(null)
  const found = useClients(company.id, { page: 1, q: term.trim() })
  const merge = useMergeClient(company.id, client.id)
  const candidates = term.trim()
    ? (found.data?.clients ?? []).filter((candidate) => candidate.id !== client.id)
    : []
  // mutateAsync, not mutate's own callbacks: the merge reloads the card, which remounts this panel first.
  const confirm = async () => {
    if (!picked) return
    try {
      const report = await merge.mutateAsync(picked.id)
      const moved = report.moved.labels + report.moved.categories + report.moved.custom_fields
      showToast('success', t`${fullName(picked)} is merged into this card. Items moved: ${moved}.`)
    } catch (error) {
      showRequestFailureToast(error as ApiError)
    }
  }
  return (
    <section className="card" aria-labelledby="client-merge-title">
      <h2 id="client-merge-title">
        <Trans>Merge a duplicate</Trans>
      </h2>
      {mayMerge ? null : (
        <p className="field__hint" id="client-merge-reason">
          <Trans>Your rights in this company do not include merging clients.</Trans>
        </p>
      )}
      <TextField
        type="search"
        label={<Trans>This is the same person as…</Trans>}
        hint={<Trans>Search by name, phone or e-mail</Trans>}
        value={term}
        maxLength={100}
        disabled={!mayMerge}
        onChange={(event) => {
          setTerm(event.target.value)
          setPicked(null)
        }}
      />
      {candidates.length > 0 && !picked ? (
        <ul className="client-list" aria-label={t`Clients to merge`}>
          {candidates.map((candidate) => (
            <li key={candidate.id} className="client-list__item">
              <button type="button" className="button button--inline" onClick={() => setPicked(candidate)}>
                {fullName(candidate)}
                {candidate.phone
                  ? ` · ${candidate.phone_hidden ? candidate.phone : formatClientPhone(candidate.phone)}`
                  : ''}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {picked ? (
        <div className="merge-confirm" role="group" aria-label={t`Confirm the merge`}>
          <p>
            <Trans>
              The card of {fullName(picked)} joins this one: its labels, categories and custom field values
              move here, its phone, e-mail and birth date fill the ones this card lacks, its comment is added
              to this one, and it leaves the client list. This cannot be undone.
            </Trans>
          </p>
          <button
            type="button"
            className="button button--primary button--inline"
            onClick={() => void confirm()}
            disabled={merge.isPending}
          >
            <Trans>Merge into this card</Trans>
          </button>
          <button type="button" className="button button--inline" onClick={() => setPicked(null)}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      ) : null}
    </section>
  )
}

function DeletePanel({ client }: { client: ClientCard }) {
  const { t } = useLingui()
  const company = useCurrentCompany()
  const mayDelete = company.access.clients_delete_access
  const remove = useDeleteClient(company.id, client.id)
  const navigate = useNavigate()
  const [asking, setAsking] = useState(false)
  // mutateAsync: the deleted card's reload unmounts this panel before mutate's own callbacks would run.
  const deleteNow = async () => {
    try {
      await remove.mutateAsync()
      showToast('success', t`Client deleted.`)
      void navigate({
        to: '/{-$lang}/company/$companyId/clients',
        params: (params) => ({ ...params, companyId: String(company.id) }),
      })
    } catch (error) {
      showRequestFailureToast(error as ApiError)
    }
  }
  return (
    <section className="card" aria-labelledby="client-delete-title">
      <h2 id="client-delete-title">
        <Trans>Delete the client</Trans>
      </h2>
      {mayDelete ? null : (
        <p className="field__hint">
          <Trans>Your rights in this company do not include deleting clients.</Trans>
        </p>
      )}
      {asking ? (
        <div role="group" aria-label={t`Confirm deleting`}>
          <p>
            <Trans>
              The client leaves the base and their phone number is free again. Delete {fullName(client)}?
            </Trans>
          </p>
          <button
            type="button"
            className="button button--inline"
            disabled={remove.isPending}
            onClick={() => void deleteNow()}
          >
            <Trans>Delete</Trans>
          </button>
          <button type="button" className="button button--inline" onClick={() => setAsking(false)}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button button--inline"
          disabled={!mayDelete}
          onClick={() => setAsking(true)}
        >
          <Trans>Delete client</Trans>
        </button>
      )}
    </section>
  )
}
