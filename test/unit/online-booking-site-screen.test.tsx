import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { rightsForRole } from '../../contract/access/role-presets'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import { anna, createFakeApi, createGate, ok, salonOne, type FakeApi, type Gate } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined
let save: Gate | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  save?.release()
  clearAppCookies()
  app = api = save = undefined
})

const inChain = { ...salonOne, main_group_id: 5 }

/** Anna on the "Booking on your site" page of Salon One, a salon of chain 5. */
async function openPage(options: { readOnly?: boolean } = {}) {
  api = createFakeApi([inChain])
  save = createGate('put', `/company/${salonOne.id}/online_booking/frame_origins`)
  const access = options.readOnly
    ? { ...rightsForRole('manager'), options_company_edit_access: false }
    : rightsForRole('owner')
  server.use(
    save.handler,
    http.get(`${apiBase}/company/:id/`, () => ok({ ...inChain, access })),
    http.get(`${apiBase}/company/:id/online_booking/frame_origins`, () =>
      ok({ origins: ['https://old.example'] }),
    ),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('owner-token'))
  app = renderApp(`/en/company/${salonOne.id}/online-booking`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: 'Booking on your site', level: 1 })
}

const form = () => within(screen.getByRole('form', { name: 'Sites that may show the booking page' }))
const sites = () => form().getByLabelText('Site addresses, one a line') as HTMLTextAreaElement

describe('the booking-on-your-site page', () => {
  it('is in the navigation and gives the frame code of the salon’s page and of the chain’s', async () => {
    await openPage()
    const nav = screen.getByRole('navigation', { name: 'Sections' })
    expect(within(nav).getByRole('link', { name: 'Booking on your site' }).getAttribute('href')).toBe(
      `/en/company/${salonOne.id}/online-booking`,
    )
    const origin = window.location.origin
    const codes = screen
      .getAllByLabelText('Code to paste into your site')
      .map((box) => (box as HTMLTextAreaElement).value)
    expect(codes).toHaveLength(2)
    expect(codes[0]).toContain(
      `<iframe src="${origin}/en/b2c/${salonOne.id}" title="Online booking: Salon One" loading="lazy"`,
    )
    expect(codes[1]).toContain(`<iframe src="${origin}/en/b2c/chain/5" title="Online booking" loading="lazy"`)
    expect(screen.getByRole('link', { name: `${origin}/en/b2c/chain/5` })).toBeTruthy()
    expect(sites().value).toBe('https://old.example')
  })

  it('refuses a line that is not an exact site address, naming it, and saves the addresses as the browser writes them', async () => {
    await openPage()
    await userEvent.clear(sites())
    await userEvent.type(sites(), 'HTTPS://Salon.Example/{enter}https://*.evil.example{enter}')
    await userEvent.click(form().getByRole('button', { name: 'Save the sites' }))
    expect(await form().findByText(/Not a site address: https:\/\/\*\.evil\.example\./)).toBeTruthy()
    expect(sites().getAttribute('aria-invalid')).toBe('true')
    expect(save!.count).toBe(0)

    await userEvent.clear(sites())
    await userEvent.type(
      sites(),
      'HTTPS://Salon.Example/{enter}{enter}http://127.0.0.1:8080{enter}https://salon.example',
    )
    await userEvent.click(form().getByRole('button', { name: 'Save the sites' }))
    const request = await save!.answer(ok({ origins: ['https://salon.example', 'http://127.0.0.1:8080'] }))
    expect(request.body).toEqual({ origins: ['https://salon.example', 'http://127.0.0.1:8080'] })
    await waitFor(() =>
      expect(toastStore.snapshot().map((toast) => toast.message)).toContain('The sites are saved.'),
    )
  })

  it('shows the sites read-only, without a save, to a member who may not edit the company settings', async () => {
    await openPage({ readOnly: true })
    expect(sites().disabled).toBe(true)
    expect(form().queryByRole('button', { name: 'Save the sites' })).toBeNull()
    expect(screen.getByText(/You can see these sites but not change them/)).toBeTruthy()
  })
})

describe('the chain’s booking page', () => {
  it('lists the salons with where they are, each leading to its own booking page', async () => {
    server.use(
      http.get(`${apiBase}/b2c/chain/5`, () =>
        ok({
          chain: { id: 5, title: 'Beauty Line' },
          salons: [
            { id: 11, title: 'Beauty Line — Tverskaya', address: 'Tverskaya 1', city: 'Moscow' },
            { id: 12, title: 'Beauty Line — Arbat', address: '', city: null },
          ],
        }),
      ),
    )
    app = renderApp('/en/b2c/chain/5')
    await screen.findByRole('heading', { name: 'Beauty Line', level: 1 })
    expect(screen.getByRole('heading', { name: 'Choose a salon' })).toBeTruthy()
    const links = screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.includes('/b2c/'))
    expect(links.map((link) => [link.getAttribute('href'), link.textContent])).toEqual([
      ['/en/b2c/11', 'Beauty Line — TverskayaMoscow, Tverskaya 1'],
      ['/en/b2c/12', 'Beauty Line — Arbat'],
    ])
  })

  it('says the page is not available when the chain has none', async () => {
    server.use(http.get(`${apiBase}/b2c/chain/6`, () => ok({ chain: { id: 6 } }, { status: 404 })))
    app = renderApp('/en/b2c/chain/6')
    expect(await screen.findByText(/This booking page is not available/)).toBeTruthy()
  })
})
