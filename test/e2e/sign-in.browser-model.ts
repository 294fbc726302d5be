import { expect } from 'vitest'
import { signInMachine } from '../../machines/sign-in'
import type { BrowserModel, Journey } from '../support/browser-model-journeys'

/** Wrong-password logins are unique per journey: five failures of one login are throttled for 15 minutes. */
let wrongLogins = 0

const signInHeading = (journey: Journey) => journey.page.getByRole('heading', { name: 'Sign in' })

/** The signIn machine in Chromium: the demo accounts answer each reply for real. */
export const signInBrowserModel: BrowserModel = {
  machine: signInMachine,
  options: {
    events: {
      'credentials.submitted': [
        { login: 'demo@example.com', password: 'demo12345' },
        { login: ' ', password: '' },
      ],
      'credentials.edited': [{}],
      'xstate.done.actor.submitCredentials': [
        { output: { id: 1, name: 'Anna Demo' } },
        {
          output: {
            login_confirmation_session: {
              uuid: 'from-the-server',
              flow: 'login',
              transport: { type: 'email', recipient: 't***@example.com' },
              refresh_ttl_sec: 60,
              attempts_left: 5,
            },
          },
        },
      ],
      'xstate.error.actor.submitCredentials': [
        { error: { status: 422, message: 'Wrong login or password' } },
      ],
    },
  },
  unreachable: {},
  async act({ page, origin }, step, next) {
    const { event } = step
    if (event.type === 'xstate.init') {
      await page.goto(`${origin}/en/signin?inspect=1`)
      return
    }
    if (event.type === 'credentials.submitted') {
      // Empty fields stay empty; otherwise the next reply decides the account.
      let [login, password] = ['', '']
      if (event.login.trim() !== '') {
        const reply = next?.event as { type: string; output?: object } | undefined
        if (reply?.type.startsWith('xstate.error.')) {
          wrongLogins += 1
          ;[login, password] = [`nobody-${wrongLogins}-${Date.now()}@example.com`, 'not-the-password']
        } else if (reply?.output && 'login_confirmation_session' in reply.output) {
          ;[login, password] = ['twofa@example.com', 'demo12345']
        } else [login, password] = ['demo@example.com', 'demo12345']
      }
      await page.getByLabel('E-mail or phone').fill(login)
      await page.getByLabel('Password', { exact: true }).fill(password)
      await page.getByRole('button', { name: 'Sign in' }).click()
      return
    }
    if (event.type === 'credentials.edited') {
      await page.getByLabel('E-mail or phone').pressSequentially('a')
      return
    }
    // Replies of the server: the submit above already asked for them.
  },
  see: {
    'form.editing': async (journey) => {
      await signInHeading(journey).waitFor()
      await expect.poll(() => journey.page.getByRole('alert').count()).toBe(0)
    },
    'form.failed': async ({ page }) => {
      await page
        .getByRole('alert')
        .filter({
          hasText: /Enter your e-mail or phone and your password\.|The login or password is incorrect\./,
        })
        .waitFor()
    },
    submitting: null,
    signedIn: async ({ page }) => {
      await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
    },
    twoFactorRequired: async ({ page }) => {
      await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor()
    },
  },
}
