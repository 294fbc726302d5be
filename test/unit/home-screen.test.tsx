import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { Company } from '../../contract/companies/schemas'
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
  salonTwo,
  type FakeApi,
  type Gate,
} from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

// The signed-in home (src/flows/home/home-screen.tsx): which company's workspace it opens, and what it shows a
// user who belongs to none: the "no companies yet" card, support's customer search, or the failed read.

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined
let gates: Gate[] = []

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  app?.queryClient.clear()
  api?.release()
  for (const gate of gates) gate.release()
  clearAppCookies()
  app = api = undefined
  gates = []
})

/** Anna signed in, opening `path` as a member of `companies`, with `extra` handlers tried first. */
async function openHome(path: string, companies: Company[], extra: Parameters<typeof server.use> = []) {
  api = createFakeApi(companies)
  server.use(...extra, ...api.handlers)
  writeCookie('access_token', api.issue('home-token'))
  app = renderApp(path)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
}

const workspaceHeading = (company: string) => screen.findByRole('heading', { name: company, level: 1 })

describe('the home of a member of companies', () => {
  it("opens the first company's workspace", async () => {
    await openHome('/en', [salonOne, salonTwo])
    await workspaceHeading('Salon One')
    expect(screen.queryByRole('heading', { name: 'Salon Two', level: 1 })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'No companies yet' })).toBeNull()
  })

  it('opens the company that ?company= names', async () => {
    await openHome('/en?company=2', [salonOne, salonTwo])
    await workspaceHeading('Salon Two')
    expect(screen.queryByRole('heading', { name: 'Salon One', level: 1 })).toBeNull()
  })

  it('opens the first company when ?company= names one the user is not a member of', async () => {
    await openHome('/en?company=9', [salonOne, salonTwo])
    await workspaceHeading('Salon One')
  })

  it('waits on a spinner while the companies load', async () => {
    const companies = createGate('get', '/companies')
    gates.push(companies)
    await openHome('/en', [salonOne], [companies.handler])
    await companies.next()
    const page = document.querySelector('main.page') as HTMLElement
    await waitFor(() => expect(within(page).getByRole('status', { name: 'Loading' })).toBeTruthy())
    expect(within(page).queryByRole('heading', { level: 1 })).toBeNull()
    await companies.answer(ok([salonOne]))
    await workspaceHeading('Salon One')
  })
})

describe('the home of a user without a company', () => {
  it('says there are no companies yet, with the user menu, titled "Your companies"', async () => {
    await openHome('/en', [])
    const card = await screen.findByRole('region', { name: 'No companies yet' })
    expect(card.textContent).toContain('You are not a member of any company yet.')
    expect(document.title).toBe('Your companies · Salon')
    await screen.findByText('Signed in as Anna')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Sign in as a customer' })).toBeNull()
  })

  it("shows support the search for a customer's account instead", async () => {
    await openHome(
      '/en',
      [],
      [http.get(`${apiBase}/auth/switch_user/state`, () => ok({ switched_from: null, may_switch: true }))],
    )
    await screen.findByRole('heading', { name: 'Sign in as a customer', level: 1 })
    expect(screen.queryByRole('heading', { name: 'No companies yet' })).toBeNull()
  })

  it('waits on a spinner while it is not yet known whether the user is support', async () => {
    const switchState = createGate('get', '/auth/switch_user/state')
    gates.push(switchState)
    await openHome('/en', [], [switchState.handler])
    await switchState.next()
    await screen.findByText('Signed in as Anna')
    const page = document.querySelector('main.page') as HTMLElement
    expect(within(page).getAllByRole('status', { name: 'Loading' }).length).toBeGreaterThan(0)
    expect(screen.queryByRole('heading', { name: 'No companies yet' })).toBeNull()
    await switchState.answer(ok({ switched_from: null, may_switch: false }))
    await screen.findByRole('heading', { name: 'No companies yet' })
  })

  it('says there are no companies yet when the support check is refused', async () => {
    await openHome(
      '/en',
      [],
      [http.get(`${apiBase}/auth/switch_user/state`, () => fail(403, { message: 'Not allowed.' }))],
    )
    await screen.findByRole('region', { name: 'No companies yet' })
    expect(screen.queryByRole('heading', { name: 'Sign in as a customer' })).toBeNull()
  })

  it("shows the server's message when the companies cannot be read, and reads them again on Try again", async () => {
    let refused = true
    await openHome(
      '/en',
      [salonOne],
      [
        http.get(`${apiBase}/companies`, () =>
          refused ? fail(403, { message: 'Your account is locked for a moment.' }) : undefined,
        ),
      ],
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Your account is locked for a moment.')
    expect(screen.queryByRole('heading', { name: 'No companies yet' })).toBeNull()
    refused = false
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
    await workspaceHeading('Salon One')
  })
})
