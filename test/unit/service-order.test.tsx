import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { Company } from '../../contract/companies/schemas'
import { apiBase } from '../../src/api/client'
import { withCategoryOrder } from '../../src/api/services/service-sort'
import { writeCookie } from '../../src/api/cookies'
import { moveItem } from '../../src/business/shell/drag-reorder'
import { toastStore } from '../../src/ui/toast-store'
import { categoryReply, salonFive, serviceReply, type PlainServiceReply } from '../support/catalogue-replies'
import { anna, createFakeApi, createGate, fail, ok, type FakeApi, type Gate } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined
let sortGate: Gate | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  sortGate?.release()
  clearAppCookies()
  app = api = sortGate = undefined
})

const hair = categoryReply(1, 'Hair')
const nails = categoryReply(2, 'Nails')

/** The services the fake server holds, highest weight first as the real one answers them. */
let held: PlainServiceReply[] = []
const start = () => [
  serviceReply({ id: 11, title: 'Cut', category_id: 1, weight: 3 }),
  serviceReply({ id: 12, title: 'Colour', category_id: 1, weight: 2 }),
  serviceReply({ id: 13, title: 'Styling', category_id: 1, weight: 1 }),
  serviceReply({ id: 21, title: 'Manicure', category_id: 2, weight: 1 }),
]

/** Anna on Salon Five's services, as `role`; the sort call waits in a gate. */
async function openServices(role: Company['user_role'] = 'owner', path = '') {
  held = start()
  api = createFakeApi([{ ...salonFive, user_role: role }])
  sortGate = createGate('post', `/services/${salonFive.id}/sort`)
  server.use(
    sortGate.handler,
    http.get(`${apiBase}/service_categories/:id/`, () => ok([hair, nails])),
    http.get(`${apiBase}/services/:id/`, () =>
      ok([...held].sort((a, b) => (b.weight ?? 0) - (a.weight ?? 0))),
    ),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('home-token'))
  app = renderApp(`/en/company/${salonFive.id}/services${path}`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: 'Hair' })
}

/** The titles of one category as the screen lists them. */
const titlesIn = (category: string) =>
  within(screen.getByRole('region', { name: category }))
    .getAllByRole('listitem')
    .map((row) => row.querySelector('.service-row__title')?.firstChild?.textContent)

/** What the server does with a sort: weights n..1 in the order given. */
function applySort(body: { category_id: number; ids: number[] }) {
  held = held.map((service) => {
    const index = body.ids.indexOf(service.id)
    return index < 0 ? service : { ...service, weight: body.ids.length - index }
  })
}

describe('ordering the services of a category', () => {
  it('moves a service up at once, sends the whole category, and keeps the order the server saved', async () => {
    await openServices()
    expect(titlesIn('Hair')).toEqual(['Cut', 'Colour', 'Styling'])
    await userEvent.click(screen.getByRole('button', { name: 'Move Styling up' }))
    // Shown before the server answers.
    expect(titlesIn('Hair')).toEqual(['Cut', 'Styling', 'Colour'])
    const request = await sortGate!.next()
    expect(request.body).toEqual({ category_id: 1, ids: [11, 13, 12] })
    applySort(request.body as { category_id: number; ids: number[] })
    await sortGate!.answer(ok([]))
    await waitFor(() => expect(titlesIn('Hair')).toEqual(['Cut', 'Styling', 'Colour']))
    expect(titlesIn('Nails')).toEqual(['Manicure'])
    // The first row cannot go higher, the last lower.
    expect(screen.getByRole('button', { name: 'Move Cut up' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Move Colour down' })).toHaveProperty('disabled', true)
  })

  it('puts the old order back and says so when the server refuses', async () => {
    await openServices()
    // The list read after the failure is held, so what shows is the rollback, not a fresh read.
    const reread = createGate('get', `/services/${salonFive.id}/`)
    server.use(reread.handler)
    await userEvent.click(screen.getByRole('button', { name: 'Move Cut down' }))
    expect(titlesIn('Hair')).toEqual(['Colour', 'Cut', 'Styling'])
    await sortGate!.answer(fail(422, { message: 'Validation failed', errors: { ids: ['no'] } }))
    await waitFor(() => expect(titlesIn('Hair')).toEqual(['Cut', 'Colour', 'Styling']))
    expect(reread.count).toBeLessThanOrEqual(1)
    reread.release()
    await waitFor(() =>
      expect(toastStore.snapshot().map((toast) => toast.message)).toContain(
        'The request was refused. Please try again.',
      ),
    )
  })

  it('moves a service by keyboard drag: Enter picks it up, arrows move it, Enter drops it', async () => {
    await openServices()
    const handle = screen.getByRole('button', { name: 'Drag Styling to another place' })
    handle.focus()
    await userEvent.keyboard('{Enter}')
    expect(screen.getByText(/Styling picked up, position 3 of 3/)).toBeTruthy()
    await userEvent.keyboard('{ArrowUp}{ArrowUp}')
    expect(titlesIn('Hair')).toEqual(['Styling', 'Cut', 'Colour'])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Drag Styling to another place' }))
    await userEvent.keyboard('{Enter}')
    expect((await sortGate!.next()).body).toEqual({ category_id: 1, ids: [13, 11, 12] })
    screen.getByText('Styling dropped at position 1 of 3.')
  })

  it('puts a keyboard drag back with Escape, sending nothing', async () => {
    await openServices()
    screen.getByRole('button', { name: 'Drag Cut to another place' }).focus()
    await userEvent.keyboard('{Enter}{ArrowDown}')
    expect(titlesIn('Hair')).toEqual(['Colour', 'Cut', 'Styling'])
    await userEvent.keyboard('{Escape}')
    expect(titlesIn('Hair')).toEqual(['Cut', 'Colour', 'Styling'])
    screen.getByText('Cut is back in its place.')
    expect(sortGate!.count).toBe(0)
  })

  it('moves a service by pointer drag on its handle', async () => {
    await openServices()
    const rows = within(screen.getByRole('region', { name: 'Hair' })).getAllByRole('listitem')
    // jsdom lays nothing out: each row is given a box 40 px high, one under the other.
    rows.forEach((row, index) => {
      row.getBoundingClientRect = () => ({ top: index * 40, height: 40 }) as DOMRect
    })
    const handle = screen.getByRole('button', { name: 'Drag Cut to another place' })
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 20 })
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 105 })
    expect(titlesIn('Hair')).toEqual(['Colour', 'Styling', 'Cut'])
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 105 })
    expect((await sortGate!.next()).body).toEqual({ category_id: 1, ids: [12, 13, 11] })
  })

  it('offers no ordering while the list is filtered, and says why', async () => {
    await openServices('owner', '?q=c')
    expect(titlesIn('Hair')).toEqual(['Cut', 'Colour'])
    screen.getByText('Clear the search and show all services to change their order.')
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Drag / })).toBeNull()
  })

  it('offers no ordering to a user who may not edit services', async () => {
    await openServices('administrator')
    expect(titlesIn('Hair')).toEqual(['Cut', 'Colour', 'Styling'])
    expect(screen.queryByRole('button', { name: /^Move / })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Drag / })).toBeNull()
    expect(screen.queryByText(/to change their order/)).toBeNull()
  })
})

describe('the order helpers', () => {
  it('moves one item to another place', () => {
    expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3])
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4])
  })

  it("puts one category's services in the order given, in the places they held, with weights n..1", () => {
    const list = start() as never
    const next = withCategoryOrder(list, { category_id: 1, ids: [13, 11] })
    expect(next.map((service) => [service.id, service.weight])).toEqual([
      [13, 3],
      [11, 2],
      [12, 1],
      [21, 1],
    ])
  })
})
