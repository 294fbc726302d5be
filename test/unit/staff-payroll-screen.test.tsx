import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { rightsForRole } from '../../contract/access/role-presets'
import type { SalarySettings } from '../../contract/salary/schemas'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import { employeeReply, salonFive } from '../support/catalogue-replies'
import { anna, createFakeApi, createGate, fail, ok, type FakeApi, type Gate } from '../support/msw-api'
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

const staffId = 31
const saved: SalarySettings = {
  staff_id: staffId,
  date_basis: 'sale_date',
  discount_split_mode: 'none',
  cost_split_mode: 'none',
  mode: 'full',
  is_customized: true,
  version: 2,
}

/** Anna on Olga's payroll tab in Salon Five; `access` changes her rights there. */
async function openTab(access: Partial<ReturnType<typeof rightsForRole>> = {}) {
  api = createFakeApi([salonFive])
  save = createGate('put', `/company/${salonFive.id}/salary/settings/${staffId}`)
  let settings = saved
  server.use(
    save.handler,
    http.get(`${apiBase}/company/:id/`, () =>
      ok({ ...salonFive, access: { ...rightsForRole('owner'), ...access } }),
    ),
    http.get(`${apiBase}/staff/${staffId}`, () => ok(employeeReply(staffId, 'Olga Petrova', 'Colorist'))),
    http.get(`${apiBase}/company/:id/salary/settings/${staffId}`, () => ok(settings)),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('home-token'))
  app = renderApp(`/en/company/${salonFive.id}/staff/${staffId}/payroll`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { level: 1, name: /Payroll/ })
  return { setSettings: (next: SalarySettings) => (settings = next) }
}

const form = () => within(screen.getByRole('form', { name: 'Payroll settings' }))
const toastTexts = () => toastStore.snapshot().map((toast) => toast.message)

describe("a staff member's payroll tab", () => {
  it('shows the settings and saves the choice with the version it was opened from', async () => {
    await openTab()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payroll of Olga Petrova')
    expect((form().getByLabelText('How pay is counted') as HTMLSelectElement).value).toBe('full')
    await userEvent.selectOptions(form().getByLabelText('Discounts'), 'Borne by the specialist alone')
    await userEvent.click(form().getByRole('button', { name: 'Save the payroll settings' }))
    const request = await save!.next()
    expect(request.body).toEqual({
      date_basis: 'sale_date',
      discount_split_mode: 'professional_only',
      cost_split_mode: 'none',
      mode: 'full',
      expected_version: 2,
    })
    await save!.answer(ok({ ...saved, discount_split_mode: 'professional_only', version: 3 }))
    await waitFor(() => expect(toastTexts()).toContain('The payroll settings are saved.'))
  })

  it('when someone saved meanwhile, says so and loads their version', async () => {
    const tab = await openTab()
    await userEvent.selectOptions(form().getByLabelText('How pay is counted'), 'One scheme for every service')
    await userEvent.click(form().getByRole('button', { name: 'Save the payroll settings' }))
    await save!.next()
    tab.setSettings({ ...saved, mode: 'split', version: 3 })
    await save!.answer(fail(409, { message: 'changed by someone else' }))
    const alert = await screen.findByRole('alert')
    await userEvent.click(within(alert).getByRole('button', { name: 'Load their version' }))
    await waitFor(() =>
      expect((form().getByLabelText('How pay is counted') as HTMLSelectElement).value).toBe('split'),
    )
    expect(toastTexts()).not.toContain('The payroll settings are saved.')
  })

  it('is read-only without the payroll settings flag', async () => {
    await openTab({ finances_salary_settings_access: false })
    screen.getByText(/You can see how this staff member's pay is counted but not change it/)
    expect(form().getByLabelText('Discounts').matches(':disabled')).toBe(true)
    expect(form().queryByRole('button', { name: 'Save the payroll settings' })).toBeNull()
  })

  it('says the pay is not for this user without the salary flag, and asks nothing', async () => {
    await openTab({ finances_salary_access: false, finances_salary_settings_access: false })
    screen.getByText("Your rights in this company do not include the staff's pay.")
    expect(screen.queryByRole('form', { name: 'Payroll settings' })).toBeNull()
  })
})
