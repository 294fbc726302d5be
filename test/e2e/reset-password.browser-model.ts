import { expect } from 'vitest'
import { resetPasswordMachine } from '../../machines/reset-password'
import type { BrowserModel, Journey } from '../support/browser-model-journeys'
import type { ModelPath } from '../support/model-coverage'
import { apiCall, latestCode } from '../support/e2e-journey-helpers'

const codeSent = { channel: 'email', wait_period: 1 } as const
const tooEarly = { status: 429, code: 1001, message: 'limit exceeded', errorDetails: { wait_period: 1 } }

const uses = (path: ModelPath, eventType: string) => path.steps.some((step) => step.event.type === eventType)

/**
 * The demo accounts that receive real codes; a journey without a code to type uses an unknown address. The
 * fourth, the specialist, is kept for the hand journey that reloads the new-password step
 * (reset-password.model-paths.test.ts).
 */
const accounts = ['demo@example.com', 'other@example.com', 'twofa@example.com']
export const RELOAD_JOURNEY_ACCOUNT = 'master@example.com'
let unknownContacts = 0

const heading = (journey: Journey) => journey.page.getByRole('heading', { name: 'Reset your password' })

/** The resetPassword machine in Chromium, against the real server's reset calls and its outbox. */
export const resetPasswordBrowserModel: BrowserModel = {
  machine: resetPasswordMachine,
  options: {
    distinguish: ({ context }) => context.secondsLeft === 0,
    events: {
      'contact.submitted': [{ contact: 'someone@example.com' }],
      'xstate.done.actor.sendCode': [{ output: codeSent }],
      'xstate.error.actor.sendCode': [{ error: { status: 422, fieldErrors: { user_contact_info: ['x'] } } }],
      'xstate.after.1000.resetPassword.confirmCode.entering': [{}],
      'code.submitted': [{ code: '123456' }],
      'code.resend': [{}],
      'contact.change': [{}],
      'xstate.done.actor.resendCode': [{ output: codeSent }],
      'xstate.error.actor.resendCode': [{ error: tooEarly }],
      'xstate.done.actor.createToken': [{ output: 'token' }],
      'xstate.error.actor.createToken': [{ error: { status: 422, code: 2001 } }],
      'password.submitted': [{ password: 'a fine passphrase', confirmPassword: 'a fine passphrase' }],
      'xstate.done.actor.setNewPassword': [{ output: undefined }],
      'xstate.error.actor.setNewPassword': [
        { error: { status: 422, fieldErrors: { password: ['too common'] } } },
        { error: { status: 422, fieldErrors: { token: ['expired'] } } },
      ],
    },
  },
  unreachable: {},
  async prepare(journey) {
    // A journey that types a real code owns an account, so that the outbox's newest code is its own; the
    // others use unknown addresses (the server answers them alike), so that no resend wait is shared.
    const account = uses(journey.path, 'xstate.done.actor.createToken') ? accounts.shift() : undefined
    if (uses(journey.path, 'xstate.done.actor.createToken') && !account)
      throw new Error('More journeys type a real code than there are demo accounts')
    journey.data.contact = account ?? `unknown-${(unknownContacts += 1)}@example.com`
    // The browser clock can run ahead of the server's wait, so that the server refuses a resend for real.
    if (uses(journey.path, 'xstate.error.actor.resendCode')) await journey.page.clock.install()
  },
  async act(journey, step, next) {
    const { page, origin } = journey
    const contact = journey.data.contact as string
    const { event } = step
    switch (event.type) {
      case 'xstate.init':
        await page.goto(`${origin}/en/signin/reset?inspect=1`)
        return
      case 'contact.submitted': {
        const refused = next?.event.type.startsWith('xstate.error.')
        await page.getByLabel('E-mail or phone').fill(refused ? 'not a contact' : contact)
        await page.getByRole('button', { name: 'Send a code' }).click()
        return
      }
      case 'code.submitted': {
        const right = next?.event.type === 'xstate.done.actor.createToken'
        const code = right ? await latestCode(origin, contact) : '000000'
        const reply = page.waitForResponse((response) => response.url().endsWith('/auth/create_token'))
        await page.getByLabel('Code', { exact: true }).fill(code)
        await page.getByRole('button', { name: 'Confirm' }).click()
        const body = (await (await reply).json()) as { data?: { token?: string } }
        journey.data.token = body.data?.token
        return
      }
      case 'code.resend': {
        if (next?.event.type === 'xstate.error.actor.resendCode') {
          // The page's countdown ends at once; the server still counts its minute and refuses.
          await page.clock.runFor(61_000)
        }
        // Otherwise the real minute passes before the button appears.
        await page.getByRole('button', { name: 'Send a new code' }).click({ timeout: 75_000 })
        return
      }
      case 'contact.change':
        await page.getByRole('button', { name: 'Use another e-mail or phone' }).click()
        return
      case 'password.submitted': {
        const reply = next?.event as { type: string; error?: { fieldErrors?: object } } | undefined
        const refusal = reply?.error?.fieldErrors ?? {}
        if ('token' in refusal) {
          // Someone used the same token first (another tab): the server refuses it here.
          const used = await apiCall(origin, '/auth/set_new_password', {
            body: {
              user_contact_info: contact,
              token: journey.data.token,
              password: 'another fine passphrase',
              confirm_password: 'another fine passphrase',
            },
          })
          expect(used.status).toBe(200)
        }
        const password = 'password' in refusal ? 'password1' : 'a brand new passphrase'
        await page.getByLabel('New password', { exact: true }).fill(password)
        await page.getByLabel('Repeat the new password').fill(password)
        await page.getByRole('button', { name: 'Save the new password' }).click()
        return
      }
      default:
      // Timer ticks run in the page by themselves; replies answer the step before.
    }
  },
  see: {
    'sendCode.editing': async (journey) => {
      await heading(journey).waitFor()
      await journey.page.getByRole('button', { name: 'Send a code' }).waitFor()
    },
    'sendCode.sending': null,
    'confirmCode.entering': async ({ page }) => {
      await page.getByLabel('Code', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Use another e-mail or phone' }).waitFor()
    },
    'confirmCode.checking': null,
    'confirmCode.resending': null,
    'changePassword.editing': async ({ page }) => {
      await page.getByLabel('New password', { exact: true }).waitFor()
    },
    'changePassword.saving': null,
    done: async ({ page }) => {
      await page.getByText('Your password has been changed. Sign in with the new one.').waitFor()
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    },
  },
}
