import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { ClientListItem } from '../../../contract/clients/schemas'
import type { ApiError } from '../../api/api-error'
import { useClients, useCreateClient } from '../../api/clients/clients'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { useCurrentCompany } from '../shell/company-workspace'
import { ClientForm, formatClientPhone } from './client-form'
import { useModalDialog } from '../../ui/modal-dialog'

const clientsRoute = getRouteApi('/{-$lang}/company/$companyId/clients')

/**
 * The client base: a page of clients at a time, searched on the server by name, phone (typed any way) or
 * e-mail; the search and the page are in the URL. Adding a client opens a dialog; the import has its own page.
 */
export function ClientsScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Clients`)
  const company = useCurrentCompany()
  const { q = '', page = 1 } = clientsRoute.useSearch()
  const navigate = useNavigate()
  const clients = useClients(company.id, { page, q: q.trim() })
  const [creating, setCreating] = useState(false)
  const search = (term: string) =>
    void navigate({ to: '.', search: { ...(term ? { q: term } : {}) }, replace: true })
  const mayCreate = company.access.clients_create_access
  const mayImport = company.access.clients_import_access

  return (
    <section className="card" aria-labelledby="clients-title">
      <h1 id="clients-title">
        <Trans>Clients</Trans>
      </h1>
      <div className="clients-toolbar">
        <button
          type="button"
          className="button button--primary button--inline"
          disabled={!mayCreate}
          aria-describedby={mayCreate ? undefined : 'clients-create-reason'}
          onClick={() => setCreating(true)}
        >
          <Trans>New client</Trans>
        </button>
        {mayImport ? (
          <Link
            to="/{-$lang}/company/$companyId/clients/import"
            params={(params) => ({ ...params, companyId: String(company.id) })}
            className="button button--inline"
          >
            <Trans>Import from CSV</Trans>
          </Link>
        ) : (
          <button
            type="button"
            className="button button--inline"
            disabled
            aria-describedby="clients-import-reason"
          >
            <Trans>Import from CSV</Trans>
          </button>
        )}
      </div>
      {mayCreate ? null : (
        <p id="clients-create-reason" className="field__hint">
          <Trans>Your rights in this company do not include adding clients.</Trans>
        </p>
      )}
      {mayImport ? null : (
        <p id="clients-import-reason" className="field__hint">
          <Trans>Your rights in this company do not include importing clients.</Trans>
        </p>
      )}
      <NewClientDialog open={creating} onClose={() => setCreating(false)} />
      <div role="search">
        <TextField
          type="search"
          label={<Trans>Search by name, phone or e-mail</Trans>}
          value={q}
          maxLength={100}
          onChange={(event) => search(event.target.value)}
        />
      </div>
      {clients.isPending ? (
        <Spinner size="large" />
      ) : clients.isError ? (
        <div role="alert">
          <p>
            <Trans>The clients could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={() => void clients.refetch()}>
            {t`Try again`}
          </button>
        </div>
      ) : clients.data.total === 0 ? (
        <p className="empty-state">
          {q.trim() ? (
            <Trans>No client matches the search.</Trans>
          ) : (
            <Trans>There are no clients yet. Add the first one, or import your base from a CSV file.</Trans>
          )}
        </p>
      ) : (
        <>
          <ul className="client-list" aria-label={t`Clients`} aria-busy={clients.isPlaceholderData}>
            {clients.data.clients.map((client) => (
              <ClientRow key={client.id} client={client} companyId={company.id} />
            ))}
          </ul>
          <ClientPages
            page={clients.data.page}
            pages={Math.max(1, Math.ceil(clients.data.total / clients.data.per_page))}
            total={clients.data.total}
            term={q}
          />
        </>
      )}
    </section>
  )
}

function ClientRow({ client, companyId }: { client: ClientListItem; companyId: number }) {
  const name = `${client.name} ${client.surname}`.trim()
  return (
    <li className="client-list__item">
      <Link
        to="/{-$lang}/company/$companyId/clients/$clientId"
        params={(params) => ({ ...params, companyId: String(companyId), clientId: String(client.id) })}
        className="client-list__name"
      >
        {name}
      </Link>
      <span className="client-list__contacts">
        {client.phone ? (
          <span>{client.phone_hidden ? client.phone : formatClientPhone(client.phone)}</span>
        ) : null}
        {client.email ? <span>{client.email}</span> : null}
      </span>
      <ClientTags client={client} />
    </li>
  )
}

/** The categories and labels of a client as coloured chips. */
export function ClientTags({ client }: { client: Pick<ClientListItem, 'labels' | 'categories'> }) {
  const tags = [...client.categories, ...client.labels]
  if (tags.length === 0) return null
  return (
    <span className="client-list__tags">
      {tags.map((tag, index) => (
        <span key={`${index}-${tag.id}`} className="chip" style={{ borderColor: tag.color }}>
          {tag.title}
        </span>
      ))}
    </span>
  )
}

/** The dialog that adds a client; on success it opens the new client's card. */
function NewClientDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui()
  const company = useCurrentCompany()
  const create = useCreateClient(company.id)
  const navigate = useNavigate()
  const dialog = useModalDialog(open)
  return (
    <dialog ref={dialog} className="modal client-dialog" aria-labelledby="new-client-title" onClose={onClose}>
      {open ? (
        <>
          <h2 id="new-client-title">
            <Trans>New client</Trans>
          </h2>
          <ClientForm
            busy={create.isPending}
            submitLabel={<Trans>Add client</Trans>}
            onCancel={onClose}
            onSubmit={async (body) => {
              try {
                const client = await create.mutateAsync(body)
                showToast('success', t`Client ${`${client.name} ${client.surname}`.trim()} added.`)
                onClose()
                void navigate({
                  to: '/{-$lang}/company/$companyId/clients/$clientId',
                  params: (params) => ({
                    ...params,
                    companyId: String(company.id),
                    clientId: String(client.id),
                  }),
                })
                return undefined
              } catch (error) {
                return error as ApiError
              }
            }}
          />
        </>
      ) : null}
    </dialog>
  )
}

/** Which page is shown, of how many, and the links to the one before and after (the search stays). */
function ClientPages(props: { page: number; pages: number; total: number; term: string }) {
  const { t } = useLingui()
  const { page, pages, total, term } = props
  const searchOf = (target: number) => ({
    ...(term ? { q: term } : {}),
    ...(target > 1 ? { page: target } : {}),
  })
  return (
    <nav className="pager" aria-label={t`Pages of clients`}>
      <span className="pager__status">
        <Trans>
          Page {page} of {pages} · {total} in all
        </Trans>
      </span>
      {page > 1 ? (
        <Link to="." search={searchOf(page - 1)} className="button button--small">
          <Trans>Previous page</Trans>
        </Link>
      ) : null}
      {page < pages ? (
        <Link to="." search={searchOf(page + 1)} className="button button--small">
          <Trans>Next page</Trans>
        </Link>
      ) : null}
    </nav>
  )
}
