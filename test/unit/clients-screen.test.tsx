import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { ClientListItem, ImportReport } from '../../contract/clients/schemas'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import { anna, createFakeApi, ok, salonOne, type FakeApi } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  clearAppCookies()
  app = api = undefined
})

const client = (id: number, name: string, phone: string | null): ClientListItem => ({
  id,
  name,
  surname: 'Client',
  phone,
  phone_hidden: false,
  email: null,
  labels: [],
  categories: [],
})

/** 30 clients, "Client 01" to "Client 30", and Anna with a Moscow mobile: two pages of 25. */
const all: ClientListItem[] = [
  ...Array.from({ length: 30 }, (_, index) =>
    client(index + 1, `Client ${String(index + 1).padStart(2, '0')}`, null),
  ),
  client(99, 'Anna', '+79161234567'),
]

async function openPage(path: string, extra: Parameters<typeof server.use> = []) {
  api = createFakeApi([salonOne])
  const asked: string[] = []
  server.use(
    ...extra,
    // The server's search: a name holding the term, or a phone holding its digits; 25 a page.
    http.get(`${apiBase}/company/:id/clients`, ({ request }) => {
      const params = new URL(request.url).searchParams
      const page = Number(params.get('page') ?? 1)
      const q = (params.get('q') ?? '').toLowerCase()
      asked.push(`page=${page}&q=${q}`)
      const digits = q.replace(/\D/g, '')
      const matching = all.filter(
        (item) =>
          item.name.toLowerCase().includes(q) ||
          (digits.length >= 3 && (item.phone ?? '').includes(digits.replace(/^8/, ''))),
      )
      return HttpResponse.json({
        success: true,
        data: matching.slice((page - 1) * 25, page * 25),
        meta: { page, per_page: 25, total: matching.length },
      })
    }),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('owner-token'))
  app = renderApp(path)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  return { asked }
}

const shownNames = () =>
  within(screen.getByRole('list', { name: 'Clients' }))
    .getAllByRole('link')
    .map((link) => link.textContent)

describe('the Clients page', () => {
  it('lists a page of 25, pages on, and searches on the server with the term in the address', async () => {
    const page = await openPage(`/en/company/${salonOne.id}/clients`)
    await screen.findByRole('heading', { name: 'Clients', level: 1 })
    await waitFor(() => expect(shownNames()).toHaveLength(25))
    screen.getByText('Page 1 of 2 · 31 in all')
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }))
    await screen.findByText('Page 2 of 2 · 31 in all')
    expect(shownNames()).toContain('Anna Client')
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search by name, phone or e-mail' }),
      '8 916 123',
    )
    await waitFor(() => expect(shownNames()).toEqual(['Anna Client']))
    expect(page.asked).toContain('page=1&q=8 916 123')
    expect(app!.router.state.location.search).toEqual({ q: '8 916 123' })
    // The phone is shown formatted, not as stored.
    screen.getByText('+7 916 123 45 67')
  })

  it('says so when nothing matches', async () => {
    await openPage(`/en/company/${salonOne.id}/clients?q=nobody`)
    await screen.findByText('No client matches the search.')
  })
})

describe('the client card', () => {
  it('keeps what is typed in the merge search over a background refetch of the same card', async () => {
    const anna99 = all.find((item) => item.id === 99)!
    let cardReads = 0
    await openPage(`/en/company/${salonOne.id}/clients/99`, [
      // The card's other parts: no labels, categories or custom fields here, and the country list.
      http.get(`${apiBase}/countries`, () => ok([])),
      http.get(`${apiBase}/company/:id/labels`, () => ok([])),
      http.get(`${apiBase}/labels/:id/clients`, () => ok([])),
      http.get(`${apiBase}/companies/:id/custom_fields`, () => ok([])),
      http.get(`${apiBase}/company/:id/clients/99`, () => {
        cardReads += 1
        return HttpResponse.json({
          success: true,
          data: {
            ...anna99,
            birth_date: null,
            comment: '',
            custom_fields: {},
            merged_into_id: null,
            created_at: '2026-01-10T09:00:00Z',
          },
          meta: [],
        })
      }),
    ])
    await screen.findByRole('heading', { name: 'Anna Client', level: 1 })
    const search = screen.getByRole('searchbox', { name: 'This is the same person as…' })
    await userEvent.type(search, 'Client 0')
    await screen.findByRole('list', { name: 'Clients to merge' })
    await app!.queryClient.invalidateQueries({ queryKey: ['clients', salonOne.id, 'card', 99] })
    expect(cardReads).toBe(2)
    // The query tells its observers on a timer of its own: let the refetched card render.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(
      (screen.getByRole('searchbox', { name: 'This is the same person as…' }) as HTMLInputElement).value,
    ).toBe('Client 0')
    screen.getByRole('list', { name: 'Clients to merge' })
  })
})

describe('the client import page', () => {
  const preview: ImportReport = {
    dry_run: true,
    columns: ['name', 'phone'],
    created: 1,
    rejected: 2,
    rows: [
      { line: 2, name: 'Olga', surname: '', phone: '+79165550701', email: null, reason: null },
      { line: 3, name: 'Pavel', surname: '', phone: '12345', email: null, reason: 'bad_phone' },
      {
        line: 4,
        name: 'Rita',
        surname: '',
        phone: '+79165550701',
        email: null,
        reason: 'duplicate_in_file',
        duplicate_of_line: 2,
      },
    ],
  }

  it('previews the picked file with the rejected rows and why, then imports and shows the report', async () => {
    const sent: { csv: string; dry_run: boolean }[] = []
    await openPage(`/en/company/${salonOne.id}/clients/import`, [
      http.post(`${apiBase}/company/:id/clients/import`, async ({ request }) => {
        const body = (await request.json()) as { csv: string; dry_run: boolean }
        sent.push(body)
        return ok(
          body.dry_run
            ? preview
            : {
                ...preview,
                dry_run: false,
                rows: [{ ...preview.rows[0]!, client_id: 7 }, ...preview.rows.slice(1)],
              },
        )
      }),
    ])
    await screen.findByRole('heading', { name: 'Import clients', level: 1 })
    const csv = 'name,phone\nOlga,89165550701\nPavel,12345\nRita,+79165550701\n'
    await userEvent.upload(
      screen.getByLabelText('CSV file'),
      new File([csv], 'clients.csv', { type: 'text/csv' }),
    )
    await screen.findByText('To be added: 1. To be skipped: 2.')
    expect(sent).toEqual([{ csv, dry_run: true }])
    const table = within(screen.getByRole('table', { name: 'Rows of the file' }))
    table.getByRole('row', { name: /Pavel.*Skipped: not a valid phone number/ })
    table.getByRole('row', { name: /Rita.*Skipped: the same phone as line 2/ })
    table.getByRole('row', { name: /Olga.*Will be added/ })
    await userEvent.click(screen.getByRole('button', { name: 'Import the clients (1)' }))
    await screen.findByText('Added: 1. Skipped: 2.')
    expect(sent[1]).toEqual({ csv, dry_run: false })
    within(screen.getByRole('table', { name: 'What happened to each row' })).getByRole('row', {
      name: /Olga.*Added/,
    })
    expect(screen.queryByRole('button', { name: /Import the clients/ })).toBeNull()
  })
})
