import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { TwoFactorSetting } from '../../contract/auth/two-factor-schemas'
import { ErrorCode } from '../../contract/error-codes'
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
import { securityPageReplies } from '../support/security-page-replies'
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

const setting = (overrides: Partial<TwoFactorSetting> = {}): TwoFactorSetting => ({
  two_factor: 'off',
  required_by_company: false,
  totp_configured: false,
  ...overrides,
})

/** Anna, signed in, on her Security page inside Salon One; GET /user/2fa answers `current`. */
async function openSecurity(current: TwoFactorSetting) {
  api = createFakeApi()
  save = createGate('put', '/user/2fa')
  server.use(
    ...api.handlers,
    save.handler,
    http.get(`${apiBase}/user/2fa`, () => ok(current)),
    ...securityPageReplies(),
  )
  writeCookie('access_token', api.issue('home-token'))
  app = renderApp(`/en/company/${salonOne.id}/security`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  return within(await screen.findByRole('region', { name: 'Security' }))
}

const toastTexts = () => toastStore.snapshot().map((toast) => toast.message)

describe('the Security page', () => {
  it('is linked from the user menu and no section of the navigation is marked current', async () => {
    const page = await openSecurity(setting())
    await page.findByText('You sign in with your password alone.')
    const link = screen.getByRole('link', { name: 'Security' })
    expect(link.getAttribute('href')).toBe(`/en/company/${salonOne.id}/security`)
    const nav = screen.getByRole('navigation', { name: 'Sections' })
    expect(within(nav).queryByRole('link', { name: 'Security' })).toBeNull()
    expect(nav.querySelector('[aria-current="page"]')).toBeNull()
  })

  it('shows the current setting in words and as the chosen answer', async () => {
    const page = await openSecurity(setting({ two_factor: 'email' }))
    await page.findByText('You sign in with your password and a code sent by e-mail.')
    expect((page.getByRole('radio', { name: 'Code by e-mail' }) as HTMLInputElement).checked).toBe(true)
    expect((page.getByRole('radio', { name: 'Off' }) as HTMLInputElement).checked).toBe(false)
  })

  it('saves a change with the password, then shows the new setting and a toast', async () => {
    const page = await openSecurity(setting())
    await page.findByText('You sign in with your password alone.')
    await userEvent.click(page.getByRole('radio', { name: 'Authenticator app' }))
    // Choosing the app says what the next sign-in does.
    page.getByText(/Your next sign-in walks you through setting up the authenticator app/)
    await userEvent.type(page.getByLabelText('Current password'), 'demo12345')
    await userEvent.click(page.getByLabelText('Sign out my other devices'))
    await userEvent.click(page.getByRole('button', { name: 'Save' }))

    const request = await save!.next()
    expect(request.authorization).toBe('Bearer home-token')
    expect(request.body).toEqual({ two_factor: 'totp', password: 'demo12345', end_other_sessions: true })
    await save!.answer(ok(setting({ two_factor: 'totp' })))

    await page.findByText(
      'You chose the authenticator app: your next sign-in sets it up and gives you recovery codes.',
    )
    await waitFor(() =>
      expect(toastTexts()).toContain('Saved. Your next sign-in sets up the authenticator app.'),
    )
    expect((page.getByLabelText('Current password') as HTMLInputElement).value).toBe('')
  })

  it('says on the password field when the password is wrong, and asks for one when it is empty', async () => {
    const page = await openSecurity(setting())
    await page.findByText('You sign in with your password alone.')
    await userEvent.click(page.getByRole('radio', { name: 'Code by e-mail' }))
    await userEvent.click(page.getByRole('button', { name: 'Save' }))
    const field = page.getByLabelText('Current password')
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter your current password.',
    )
    expect(save!.count).toBe(0)

    await userEvent.type(field, 'wrong-one')
    await userEvent.click(page.getByRole('button', { name: 'Save' }))
    expect((await save!.next()).body).toMatchObject({ two_factor: 'email', password: 'wrong-one' })
    await save!.answer(
      fail(422, { message: 'Validation failed', errors: { password: ['The password is wrong'] } }),
    )
    await waitFor(() =>
      expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
        'The password is wrong.',
      ),
    )
    // Nothing changed: the page still tells the old setting.
    page.getByText('You sign in with your password alone.')
  })

  it('shows the standard failure toast when the password checks are throttled', async () => {
    const page = await openSecurity(setting())
    await page.findByText('You sign in with your password alone.')
    await userEvent.type(page.getByLabelText('Current password'), 'demo12345')
    await userEvent.click(page.getByRole('button', { name: 'Save' }))
    await save!.answer(fail(429, { message: 'Too many attempts' }, ErrorCode.tokenExpiredOrRateLimited))
    await waitFor(() => expect(toastTexts()).toContain('The request was refused. Please try again.'))
  })

  it('does not offer "Off" when a company of the user requires a second factor', async () => {
    const page = await openSecurity(setting({ required_by_company: true }))
    await page.findByText(
      'Your company requires a second factor, so you sign in with your password and a code sent by e-mail.',
    )
    expect(page.queryByRole('radio', { name: 'Off' })).toBeNull()
    expect(page.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Code by e-mail',
      'Authenticator app',
    ])
    expect((page.getByRole('radio', { name: 'Code by e-mail' }) as HTMLInputElement).checked).toBe(true)
    page.getByText(/"Off" is not offered/)
  })

  it('says so when the setting cannot be loaded, and loads it again on request', async () => {
    let down = true
    api = createFakeApi()
    server.use(
      ...api.handlers,
      ...securityPageReplies(),
      http.get(`${apiBase}/user/2fa`, () =>
        down ? fail(403, { message: 'Forbidden' }) : ok(setting({ two_factor: 'email' })),
      ),
    )
    writeCookie('access_token', api.issue('home-token'))
    app = renderApp(`/en/company/${salonOne.id}/security`)
    await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
    const page = within(await screen.findByRole('region', { name: 'Security' }))
    await page.findByText('Your security settings could not be loaded.')
    down = false
    await userEvent.click(page.getByRole('button', { name: 'Try again' }))
    await page.findByText('You sign in with your password and a code sent by e-mail.')
  })
})
