import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import { twoFactorMachine } from '../../machines/two-factor'
import type { BrowserModel, Journey } from '../support/browser-model-journeys'
import type { ModelPath } from '../support/model-coverage'
import { apiCall, latestCode, signInOnPage } from '../support/e2e-journey-helpers'

const loginSession = {
  uuid: 'from-the-server',
  flow: 'login',
  transport: { type: 'email', recipient: 't***@example.com' },
  refresh_ttl_sec: 1,
  attempts_left: 5,
} as const
const invalid = { status: 422, code: 2001, errorDetails: { attempts_left: 4 } }
const exhausted = { status: 429, code: 2002, errorDetails: { attempts_left: 0 } }
const ended = { status: 410 }
const tooEarly = { status: 429, code: 1001, errorDetails: { wait_period: 10 } }

const uses = (path: ModelPath, eventType: string) => path.steps.some((step) => step.event.type === eventType)

/** The user whose sign-in sets up the authenticator app; re-armed before each journey that needs it. */
const setupUser = 'other@example.com'
/** The one journey that waits out the real refresh minute signs in as its own user, so codes do not mix. */
const waitingUser = 'demo@example.com'
const tokens = new Map<string, string>()

/** Signs in through the API before any second factor is switched on and keeps the token (15 minutes). */
export async function prepareTwoFactorAccounts(origin: string) {
  for (const login of [setupUser, waitingUser]) {
    const signedIn = await apiCall<{ access_token: string }>(origin, '/auth', {
      body: { login, password: 'demo12345' },
    })
    tokens.set(login, signedIn.data.access_token)
  }
  await chooseSecondFactor(origin, waitingUser, 'email')
}

async function chooseSecondFactor(origin: string, login: string, factor: 'off' | 'email' | 'totp') {
  const chosen = await apiCall(origin, '/user/2fa', {
    method: 'PUT',
    token: tokens.get(login),
    body: { two_factor: factor, password: 'demo12345' },
  })
  expect(chosen.status).toBe(200)
}

/** The session uuid the tab keeps for reloads: the test reads it to use the session from outside. */
const keptUuid = (journey: Journey) =>
  journey.page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('login_confirmation_session') ?? '{}') as { uuid?: string }).uuid,
  )

/** Wrong codes sent from outside the tab (another device guessing): they use up the session's attempts. */
async function wrongCodesFromOutside(journey: Journey, path: string, count: number) {
  const uuid = await keptUuid(journey)
  for (let attempt = 0; attempt < count; attempt += 1) {
    await apiCall(journey.origin, path, { body: { uuid, code: '000000' } })
  }
}

/** The twoFactor machine in Chromium, against the real server's sessions, outbox and TOTP. */
export const twoFactorBrowserModel: BrowserModel = {
  machine: twoFactorMachine,
  options: {
    distinguish: ({ context }) => context.secondsLeft === 0,
    events: {
      'xstate.done.actor.restoreSession': [
        { output: loginSession },
        { output: { ...loginSession, flow: 'totp_setup' } },
        { output: null },
      ],
      // The browser refuses the page its storage (a site's data blocked, or a frame of another site).
      'xstate.error.actor.restoreSession': [{ error: { name: 'SecurityError' } }],
      'xstate.after.1000.twoFactor.code.entering': [{}],
      'code.submitted': [{ code: '123456' }],
      'session.refresh': [{}],
      'xstate.done.actor.verifyCode': [{ output: { access_token: 'a', user: { id: 1, name: 'x' } } }],
      'xstate.error.actor.verifyCode': [{ error: invalid }, { error: exhausted }],
      'xstate.done.actor.refreshSession': [{ output: { login_confirmation_session: loginSession } }],
      'xstate.error.actor.refreshSession': [{ error: tooEarly }, { error: ended }],
      'xstate.done.actor.loadTotpSetup': [{ output: { secret: 'x', qr_code: 'x' } }],
      'xstate.error.actor.loadTotpSetup': [{ error: ended }],
      'xstate.done.actor.confirmTotp': [{ output: { recovery_codes: [] } }],
      'xstate.error.actor.confirmTotp': [{ error: invalid }, { error: exhausted }],
      'codes.acknowledged': [{}],
    },
  },
  unreachable: {
    'twoFactor.code.verifying|xstate.done.actor.verifyCode|0':
      'The server answers a right code with tokens; it has no second factor after the second factor, so ' +
      'a further confirmation session (a continued step) never comes.',
  },
  runsAlone: (path) => uses(path, 'xstate.done.actor.refreshSession'),
  async prepare(journey) {
    const { path } = journey
    journey.data.user = uses(path, 'xstate.done.actor.refreshSession') ? waitingUser : 'twofa@example.com'
    // The browser clock can run ahead of the server's minute, so that the server's refusal is real.
    if (uses(path, 'xstate.error.actor.refreshSession')) await journey.page.clock.install()
  },
  async act(journey, step, next) {
    const { page, origin } = journey
    const { event } = step
    const reply = next?.event as {
      type: string
      output?: { flow?: string } | null
      error?: { status: number; code?: number }
    }
    const replyTo = (type: string) => reply?.type === type
    switch (event.type) {
      case 'xstate.init': {
        if (reply?.output === null) {
          // Nothing kept in this tab: the second-factor page opened directly.
          await page.goto(`${origin}/en/signin/2fa?inspect=1`)
          return
        }
        const setup = reply?.output?.flow === 'totp_setup'
        if (setup) {
          await chooseSecondFactor(origin, setupUser, 'off')
          await chooseSecondFactor(origin, setupUser, 'totp')
        }
        await page.goto(`${origin}/en/signin?inspect=1`)
        await signInOnPage(page, setup ? setupUser : (journey.data.user as string), 'demo12345')
        if (replyTo('xstate.error.actor.restoreSession')) {
          // The code step is kept in the tab; opened again where the browser now refuses the page its storage (as
          // it does when the user blocks the site's data), reading it throws and the user goes back to sign in.
          await page.getByLabel('Code', { exact: true }).waitFor()
          await page.addInitScript(() => {
            Object.defineProperty(window, 'sessionStorage', {
              get() {
                throw new DOMException('Access is denied for this document.', 'SecurityError')
              },
            })
          })
          // Opened again with the inspector's flag in the address: the page cannot keep it in storage either.
          await page.goto(`${origin}/en/signin/2fa?inspect=1`)
          return
        }
        const afterRestore = journey.path.steps[2]?.event.type
        if (afterRestore === 'xstate.error.actor.loadTotpSetup') {
          // The set-up session ends (wrong codes from elsewhere) while the tab keeps it; a reload then
          // loads a set-up that the server no longer has.
          await page.getByTestId('totp-secret').waitFor()
          await wrongCodesFromOutside(journey, '/user/2fa/totp/confirm', 5)
          await page.reload()
        }
        return
      }
      case 'code.submitted': {
        const setup = await page.getByTestId('totp-secret').count()
        if (replyTo('xstate.error.actor.verifyCode') || replyTo('xstate.error.actor.confirmTotp')) {
          // The last attempts: the others were used up from outside, this one ends the session (2002).
          if (reply.error?.code === 2002)
            await wrongCodesFromOutside(
              journey,
              setup ? '/user/2fa/totp/confirm' : '/user/2fa/session/verify',
              4,
            )
          await page.getByLabel(setup ? 'Code from the app' : 'Code', { exact: true }).fill('000000')
        } else if (setup) {
          const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
          const totp = new TOTP({
            secret: Secret.fromBase32(secret),
            digits: 6,
            period: 30,
            algorithm: 'SHA1',
          })
          await page.getByLabel('Code from the app').fill(totp.generate())
        } else {
          const code = await latestCode(origin, journey.data.user as string)
          await page.getByLabel('Code', { exact: true }).fill(code)
        }
        await page.getByRole('button', { name: 'Confirm' }).click()
        return
      }
      case 'session.refresh': {
        if (replyTo('xstate.error.actor.refreshSession')) {
          if (reply.error?.status === 410) await wrongCodesFromOutside(journey, '/user/2fa/session/verify', 5)
          // The page's countdown ends at once; the server still counts its minute.
          await page.clock.runFor(61_000)
        }
        await page.getByRole('button', { name: 'Send a new code' }).click({ timeout: 75_000 })
        return
      }
      case 'codes.acknowledged':
        await page.getByRole('button', { name: 'I have saved the codes' }).click()
        return
      default:
      // Timer ticks run in the page by themselves; replies answer the step before.
    }
  },
  see: {
    restoring: null,
    'code.entering': async ({ page }) => {
      await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor()
      await page.getByLabel('Code', { exact: true }).waitFor()
    },
    'code.verifying': null,
    'code.refreshing': null,
    'setup.loading': null,
    'setup.showing': async ({ page }) => {
      await page.getByRole('heading', { name: 'Set up the authenticator app' }).waitFor()
      await page.getByTestId('totp-secret').waitFor()
    },
    'setup.confirming': null,
    'setup.recoveryCodes': async ({ page }) => {
      await page.getByTestId('recovery-codes').waitFor()
      expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10)
    },
    ended: async ({ page }) => {
      await page.getByRole('heading', { name: 'The confirmation has ended' }).waitFor()
    },
    noSession: async ({ page }) => {
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    },
    signedIn: async ({ page }) => {
      await page
        .getByRole('heading', { level: 1 })
        .filter({ hasText: /Barbers|Beauty Line/ })
        .waitFor()
    },
  },
}
