import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { Company } from '../../contract/companies/schemas'
import type { License } from '../../contract/license/schemas'
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

interface LicenceCalls {
  addOption: Gate
  startTrial: Gate
}

let app: RenderedApp | undefined
let api: FakeApi | undefined
let calls: LicenceCalls | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  for (const gate of Object.values(calls ?? {})) gate.release()
  clearAppCookies()
  app = api = calls = undefined
})

const business: License = {
  id: 5,
  company_id: salonOne.id,
  tariff: 'Business',
  staff_limit: 10,
  staff_seat_monthly_price: 500,
  starts_at: '2026-06-01T00:00:00.000Z',
  expires_at: '2026-12-31T12:00:00.000Z',
  is_active: true,
  options: [{ option_id: 1, amount: 1 }],
}

/** Anna on the Licence page of `company`; the server answers `license` (null: none) and prices seats at 500. */
async function openPage(options: { company?: Company; license?: License | null } = {}) {
  const company = options.company ?? salonOne
  api = createFakeApi([company])
  calls = {
    addOption: createGate('post', `/license/${company.id}/options/add`),
    startTrial: createGate('post', `/license/${company.id}/trial`),
  }
  const priced: number[] = []
  server.use(
    ...Object.values(calls).map((gate) => gate.handler),
    http.get(`${apiBase}/license/:id`, () =>
      ok(options.license === undefined ? business : (options.license ?? [])),
    ),
    http.get(`${apiBase}/license/:id/add_staff/calculate`, ({ request }) => {
      const amount = Number(new URL(request.url).searchParams.get('amount'))
      priced.push(amount)
      return ok({
        amount,
        price_per_staff: 500,
        days_left: 100,
        total: Math.round((500 * amount * 100) / 30),
      })
    }),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('owner-token'))
  app = renderApp(`/en/company/${company.id}/licence`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: 'Licence', level: 1 })
  return { priced }
}

const toastTexts = () => toastStore.snapshot().map((toast) => toast.message)

describe('the Licence page', () => {
  it('shows the tariff, until when it runs, the staff seats and the options', async () => {
    await openPage()
    const nav = screen.getByRole('navigation', { name: 'Sections' })
    expect(within(nav).getByRole('link', { name: 'Licence' }).getAttribute('href')).toBe(
      `/en/company/${salonOne.id}/licence`,
    )
    screen.getByText('Business')
    screen.getByText('until December 31, 2026')
    screen.getByText('10')
    screen.getByText('SMS sender name: 1')
  })

  it('prices the seats typed and adds them only after the owner confirms the price', async () => {
    const { priced } = await openPage()
    const form = within(screen.getByRole('form', { name: 'Add staff seats' }))
    await screen.findByText(/^1 seat until the licence ends \(100 days\) costs 1 667 ₽/)
    await userEvent.clear(form.getByLabelText('Seats to add'))
    await userEvent.type(form.getByLabelText('Seats to add'), '2')
    await screen.findByText(/2 seats until the licence ends \(100 days\) cost 3 333 ₽/)
    expect(priced).toContain(2)
    await userEvent.click(form.getByRole('button', { name: 'Add seats' }))
    const question = within(screen.getByRole('alertdialog', { name: 'Add staff seats' }))
    question.getByText(/Add 2 staff seats for 3 333 ₽\?/)
    expect(calls!.addOption.count).toBe(0)
    await userEvent.click(question.getByRole('button', { name: 'Confirm' }))
    const request = await calls!.addOption.next()
    expect(request.body).toEqual({ option_id: 6, amount: 2 })
    await calls!.addOption.answer(
      ok({ ...business, staff_limit: 12, options: [...business.options, { option_id: 6, amount: 2 }] }),
    )
    await waitFor(() => expect(toastTexts()).toContain('Staff seats added: 2.'))
    screen.getByText('12')
    screen.getByText('Additional staff seats: 2')
  })

  it('adds an option after a question, and keeps the licence as it was when the purchase is refused', async () => {
    await openPage()
    const form = within(screen.getByRole('form', { name: 'Add an option' }))
    await userEvent.selectOptions(form.getByLabelText('Option'), 'Invoicing')
    await userEvent.click(form.getByRole('button', { name: 'Add option' }))
    const question = within(screen.getByRole('alertdialog', { name: 'Add an option' }))
    question.getByText(/Add "Invoicing" to the licence\?/)
    await userEvent.click(question.getByRole('button', { name: 'Confirm' }))
    expect((await calls!.addOption.next()).body).toEqual({ option_id: 3, amount: 1 })
    await calls!.addOption.answer(fail(409, { message: 'The licence has expired' }))
    await waitFor(() => expect(toastTexts()).toContain('The request was refused. Please try again.'))
    expect(screen.queryByText('Invoicing: 1')).toBeNull()
    screen.getByText('SMS sender name: 1')
  })

  it('offers a company without a licence the trial, and shows the licence it starts', async () => {
    await openPage({ license: null })
    screen.getByText('The company has no licence yet.')
    await userEvent.click(screen.getByRole('button', { name: 'Start the free trial' }))
    await calls!.startTrial.answer(
      ok({ ...business, tariff: 'Trial', staff_limit: 5, options: [] }, { status: 201 }),
    )
    await waitFor(() => expect(toastTexts()).toContain('The 14-day trial has started.'))
    screen.getByText('Trial')
    expect(screen.queryByRole('button', { name: 'Start the free trial' })).toBeNull()
  })

  it('shows a manager the licence without a way to buy, and says why', async () => {
    await openPage({ company: { ...salonOne, user_role: 'manager' } })
    screen.getByText('Business')
    screen.getByText(/You can see the licence but not buy anything for it/)
    expect(screen.queryByRole('form')).toBeNull()
    expect(screen.queryByRole('button', { name: /Add|Confirm|trial/ })).toBeNull()
  })
})
