import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, vi } from 'vitest'
import { readCookie } from '../../src/api/cookies'

/**
 * A user whose pauses between keys and clicks run on the test's clock when a suite fakes it: otherwise each pause
 * waits for the faked clock's next real-time step (20 ms), and typing a passphrase took a second.
 */
const user = () =>
  userEvent.setup({
    advanceTimers: (delay) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(delay)
    },
  })

const loginField = () => screen.getByLabelText('E-mail or phone')
const passwordField = () => screen.getByLabelText('Password')
// While submitting, the button's name also holds its spinner's label ('Loading Sign in').
const submitButton = () => screen.getByRole('button', { name: /Sign in$/ })

/** Types `value` into a field unless it already holds it, as a user would; answers whether it typed. */
async function setField(field: HTMLInputElement, value: string): Promise<boolean> {
  if (field.value === value) return false
  await user().clear(field)
  if (value !== '') await user().type(field, value)
  return true
}

/**
 * Small drivers for the screen tests (STYLE.md, the excalidraw test-driver habit), so that each
 * step of a model path reads as one line: what the user does, then what the user sees.
 */
export const UI = {
  fillLogin: (value: string) => setField(loginField() as HTMLInputElement, value),
  fillPassword: (value: string) => setField(passwordField() as HTMLInputElement, value),
  /** Fills both fields; answers whether either changed. */
  async fillCredentials(login: string, password: string): Promise<boolean> {
    const loginTyped = await UI.fillLogin(login)
    const passwordTyped = await UI.fillPassword(password)
    return loginTyped || passwordTyped
  },
  async typeInLogin(text: string) {
    await user().type(loginField(), text)
  },
  async submit() {
    await user().click(submitButton())
  },
  async clickButton(name: string) {
    await user().click(screen.getByRole('button', { name }))
  },
  async clickLink(name: string) {
    await user().click(screen.getByRole('link', { name }))
  },
  /** The form's alert, if one shows; toasts and the modal are elsewhere. */
  formAlert: () => screen.queryByRole('alert'),
  async expectFormAlert(text: string) {
    await waitFor(() => expect(UI.formAlert()).toHaveProperty('textContent', text))
    expect(loginField().getAttribute('aria-invalid')).toBe('true')
  },
  async expectNoFormAlert() {
    await waitFor(() => expect(UI.formAlert()).toBeNull())
  },
  async expectSubmitting() {
    await waitFor(() => expect(submitButton().getAttribute('aria-busy')).toBe('true'))
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true)
  },
  async expectSignInScreen(history: { location: { pathname: string } }, path = '/en/signin') {
    await screen.findByRole('heading', { name: 'Sign in', level: 1 })
    await waitFor(() => expect(history.location.pathname).toBe(path))
  },
  /** The home of a signed-in user: who is signed in, and the company heading. */
  async expectHome(
    history: { location: { pathname: string } },
    { userName, company }: { userName: string; company: string },
    path = '/en',
  ) {
    await screen.findByText(`Signed in as ${userName}`)
    await screen.findByRole('heading', { name: company, level: 1 })
    await waitFor(() => expect(history.location.pathname).toBe(path))
  },
  /** The whole page waits on a spinner while the stored session is checked. */
  async expectRestoring() {
    const page = document.querySelector('main.page') as HTMLElement
    await waitFor(() => expect(within(page).getByRole('status', { name: 'Loading' })).toBeTruthy())
    expect(within(page).queryByRole('heading')).toBeNull()
  },
  async expectErrorModal(message: string) {
    const dialog = document.querySelector('dialog.modal') as HTMLDialogElement
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(true))
    expect(within(dialog).getByText(message)).toBeTruthy()
  },
  errorModalOpen: () => document.querySelector('dialog.modal')?.hasAttribute('open') === true,
  /** Closes the modal with its OK button; the modal's state outlives a test otherwise. */
  async dismissErrorModal() {
    const dialog = document.querySelector('dialog.modal')
    if (!dialog?.hasAttribute('open')) return
    await user().click(within(dialog as HTMLElement).getByRole('button', { name: 'OK' }))
  },
  accessTokenCookie: () => readCookie('access_token'),
  /** Types into the field with this label, as a user would; answers whether it typed. */
  fillField: (label: string, value: string) =>
    setField(screen.getByLabelText(label) as HTMLInputElement, value),
  async toggle(label: string) {
    await user().click(screen.getByLabelText(label))
  },
  /** Clicks a submit button whose name ends with `name` (a busy button's name starts with its spinner's). */
  async submitWith(name: string) {
    await user().click(screen.getByRole('button', { name: new RegExp(`${name}$`) }))
  },
  /** The alert of a form that is not the sign-in form. */
  async expectAlert(text: string) {
    await waitFor(() => expect(UI.formAlert()).toHaveProperty('textContent', text))
  },
  async expectBusy(name: string) {
    const button = () => screen.getByRole('button', { name: new RegExp(`${name}$`) })
    await waitFor(() => expect(button().getAttribute('aria-busy')).toBe('true'))
    expect((button() as HTMLButtonElement).disabled).toBe(true)
  },
}

/** Forgets every cookie the app writes, so tests do not see each other's tokens. */
export function clearAppCookies() {
  for (const name of ['access_token', 'token_refreshed_at', 'waiting_room', 'device_id']) {
    document.cookie = `${name}=; Path=/; Max-Age=0`
  }
}
