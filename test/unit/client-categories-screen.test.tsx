import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { rightsForRole } from '../../contract/access/role-presets'
import type { ClientCategory } from '../../contract/client-categories/schemas'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import {
  anna,
  createFakeApi,
  createGate,
  fail,
  ok,
  salonOne,
  type FakeApi,
  type Gate,
} from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined
let calls: { create: Gate; change: Gate; remove: Gate } | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  for (const gate of Object.values(calls ?? {})) gate.release()
  clearAppCookies()
  app = api = calls = undefined
})

/** 30 categories, "Group 01" to "Group 30", and VIP: two pages of 25. */
const all: ClientCategory[] = [
  ...Array.from({ length: 30 }, (_, index) => ({
    id: index + 1,
    title: `Group ${String(index + 1).padStart(2, '0')}`,
    color: '#1f7a4d',
  })),
  { id: 99, title: 'VIP', color: '#c9a227' },
]

/** Anna on the Client categories page at `search`; `readOnly` gives her the marketer's rights less the create flag. */
async function openPage(options: { search?: string; readOnly?: boolean } = {}) {
  api = createFakeApi([salonOne])
  calls = {
    create: createGate('post', `/labels/${salonOne.id}/clients/create`),
    change: createGate('put', `/labels/${salonOne.id}/clients/:categoryId`),
    remove: createGate('delete', `/labels/${salonOne.id}/clients/:categoryId`),
  }
  const asked: string[] = []
  let list = all
  server.use(
    ...Object.values(calls).map((gate) => gate.handler),
    // The server's paging: 25 a page, titles holding the term, page and total in meta.
    http.get(`${apiBase}/labels/:id/clients`, ({ request }) => {
      const params = new URL(request.url).searchParams
      const page = Number(params.get('page') ?? 1)
      const term = (params.get('term') ?? '').toLowerCase()
      asked.push(`page=${page}&term=${term}`)
      const matching = list.filter((category) => category.title.toLowerCase().includes(term))
      return HttpResponse.json({
        success: true,
        data: matching.slice((page - 1) * 25, page * 25),
        meta: { page, per_page: 25, total: matching.length },
      })
    }),
    ...(options.readOnly
      ? [
          http.get(`${apiBase}/company/:id/`, () =>
            ok({
              ...salonOne,
              user_role: 'marketer',
              access: { ...rightsForRole('marketer'), client_categories_create_access: false },
            }),
          ),
        ]
      : []),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('owner-token'))
  app = renderApp(`/en/company/${salonOne.id}/client-categories${options.search ?? ''}`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: 'Client categories', level: 1 })
  return { asked, setList: (next: ClientCategory[]) => (list = next) }
}

const row = (title: string) => within(screen.getByRole('listitem', { name: title }))
const toastTexts = () => toastStore.snapshot().map((toast) => toast.message)
const shownTitles = () =>
  within(screen.getByRole('list', { name: 'Client categories' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'))

describe('the Client categories page', () => {
  it('shows the first page of 25 and moves to the next one, keeping the page in the address', async () => {
    await openPage()
    expect(shownTitles()).toHaveLength(25)
    screen.getByText('Page 1 of 2 · 31 in all')
    expect(screen.queryByRole('link', { name: 'Previous page' })).toBeNull()
    await userEvent.click(screen.getByRole('link', { name: 'Next page' }))
    await screen.findByText('Page 2 of 2 · 31 in all')
    expect(shownTitles()).toEqual(['Group 26', 'Group 27', 'Group 28', 'Group 29', 'Group 30', 'VIP'])
    expect(app!.router.state.location.search).toEqual({ page: 2 })
    screen.getByRole('link', { name: 'Previous page' })
  })

  it('searches by title on the server, from the first page, with the term in the address', async () => {
    const page = await openPage({ search: '?page=2' })
    await screen.findByText('Page 2 of 2 · 31 in all')
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'vip')
    await waitFor(() => expect(shownTitles()).toEqual(['VIP']))
    expect(page.asked).toContain('page=1&term=vip')
    expect(app!.router.state.location.search).toEqual({ q: 'vip' })
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search by title' }))
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'nobody')
    await screen.findByText('No category matches the search.')
  })

  it('creates a category with its colour, and says a title in use under the field', async () => {
    await openPage()
    const form = within(screen.getByRole('form', { name: 'New category' }))
    await userEvent.type(form.getByLabelText('New category'), 'Students')
    await userEvent.click(form.getByRole('radio', { name: 'Colour #b3261e' }))
    await userEvent.click(form.getByRole('button', { name: 'Create' }))
    expect((await calls!.create.next()).body).toEqual({ title: 'Students', color: '#b3261e' })
    await calls!.create.answer(ok({ id: 100, title: 'Students', color: '#b3261e' }, { status: 201 }))
    await waitFor(() => expect(toastTexts()).toContain('Category "Students" created.'))

    await userEvent.type(form.getByLabelText('New category'), 'vip')
    await userEvent.click(form.getByRole('button', { name: 'Create' }))
    await calls!.create.answer(
      fail(422, {
        message: 'Validation failed',
        errors: { title: ['a category with this title already exists'] },
      }),
    )
    await form.findByText('A category with this title already exists.')
  })

  it('renames and recolours a category, and deletes one after a question', async () => {
    const page = await openPage({ search: '?q=vip' })
    await userEvent.click(row('VIP').getByRole('button', { name: 'Change VIP' }))
    const form = within(screen.getByRole('form', { name: 'Change VIP' }))
    await userEvent.clear(form.getByLabelText('Title'))
    await userEvent.type(form.getByLabelText('Title'), 'VIP guests')
    await userEvent.click(form.getByRole('radio', { name: 'Colour #0b6bcb' }))
    await userEvent.click(form.getByRole('button', { name: 'Save' }))
    const change = await calls!.change.next()
    expect(change.path).toBe(`/api/v1/labels/${salonOne.id}/clients/99`)
    expect(change.body).toEqual({ title: 'VIP guests', color: '#0b6bcb' })
    page.setList(
      all.map((category) => (category.id === 99 ? { ...category, title: 'VIP guests' } : category)),
    )
    await calls!.change.answer(ok({ id: 99, title: 'VIP guests', color: '#0b6bcb' }))
    await screen.findByRole('listitem', { name: 'VIP guests' })

    await userEvent.click(row('VIP guests').getByRole('button', { name: 'Delete VIP guests' }))
    const question = within(screen.getByRole('alertdialog', { name: 'Delete VIP guests' }))
    question.getByText(/Clients keep their cards; only the category goes/)
    await userEvent.click(question.getByRole('button', { name: 'Delete' }))
    page.setList(all.filter((category) => category.id !== 99))
    await calls!.remove.answer(ok(null))
    await waitFor(() => expect(toastTexts()).toContain('Category "VIP guests" deleted.'))
    await screen.findByText('No category matches the search.')
  })

  it('shows a member who may only read the categories no control, and says why', async () => {
    await openPage({ readOnly: true })
    screen.getByText(/You can see the client categories but not change them/)
    expect(screen.queryByRole('form', { name: 'New category' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Change|Delete|Create/ })).toBeNull()
    screen.getByRole('searchbox', { name: 'Search by title' })
  })
})
