import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { twoFactorMachine } from '../../machines/two-factor'
import {
  assertFullCoverage,
  createMachineModel,
  type ModelPath,
  type ModelStep,
} from '../support/model-coverage'
import {
  anna,
  createFakeApi,
  createSignInExtrasGates,
  fail,
  failWithDetails,
  ok,
  salonOne,
  salonTwo,
  tokenPair,
  type FakeApi,
  type SignInExtrasGates,
} from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies, UI } from '../support/ui-drivers'
import { createScreenReplay } from '../support/ui-model-replay'
import {
  failures,
  loginSession,
  modelOptions,
  offSitePair,
  recoveryCodes,
  redirectedPair,
  refreshedSession,
  setupSession,
  totpSetup,
} from './two-factor.model'
import { endJourneyClock, useJourneyClock } from '../support/journey-clock'

// The same event cases as two-factor.machine.test.ts, so both levels walk the same generated paths.
const model = createMachineModel(twoFactorMachine, modelOptions)

/**
 * The screens count a longer refresh_ttl_sec down than the model's one second, so that a path without a
 * tick never reaches 0 while the test runs; a tick step moves the simulated clock past all of it.
 */
const SCREEN_TTL_SEC = 30
const onScreen = <T extends object>(session: T) => ({ ...session, refresh_ttl_sec: SCREEN_TTL_SEC })
const storageKey = 'login_confirmation_session'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined
let gates: SignInExtrasGates | undefined

afterEach(async () => {
  endJourneyClock()
  vi.restoreAllMocks()
  await UI.dismissErrorModal()
  cleanup()
  app?.session.stop()
  api?.release()
  gates?.release()
  clearAppCookies()
  sessionStorage.clear()
  app = api = gates = undefined
})

/** What a failure of the model becomes on the wire. */
function replyOf(error: unknown): Response {
  if (error === failures.invalid) return failWithDetails(422, { ...failures.invalid, attempts_left: 4 })
  if (error === failures.exhausted) return failWithDetails(429, { ...failures.exhausted, attempts_left: 0 })
  if (error === failures.tooEarly) return failWithDetails(429, { ...failures.tooEarly, wait_period: 10 })
  if (error === failures.ended) return fail(410, { message: failures.ended.message })
  throw new Error('A failure without a reply')
}

/** The user a token pair of the model signs in, as the fake API answers it. */
const signedInPair = (accessToken: string, redirectUrl: string | null) => ({
  ...tokenPair(accessToken, { ...anna, name: 'Tanya' }),
  redirect_url: redirectUrl,
})

/** Acts out one model step on the screen, as the user, the server or the browser would. */
async function playStep(step: ModelStep, next: ModelStep | undefined) {
  const { event } = step
  const extras = gates!
  switch (event.type) {
    case 'xstate.init': {
      // What the sign-in screen left in this tab decides what the restore finds.
      const restored = next?.event as { type: string; output?: { flow: string } | null } | undefined
      if (restored?.type === 'xstate.error.actor.restoreSession') {
        const read = Storage.prototype.getItem
        vi.spyOn(Storage.prototype, 'getItem').mockImplementation(function (this: Storage, key: string) {
          if (key === storageKey) throw new DOMException('Storage is disabled', 'SecurityError')
          return read.call(this, key)
        })
      } else if (restored?.output) {
        const session = restored.output.flow === 'totp_setup' ? setupSession : loginSession
        sessionStorage.setItem(storageKey, JSON.stringify(onScreen(session)))
      }
      app = renderApp('/en/signin/2fa')
      break
    }
    case 'xstate.done.actor.restoreSession':
    case 'xstate.error.actor.restoreSession':
      // The screen restores on its own, straight after rendering.
      break
    case 'xstate.after.1000.twoFactor.code.entering':
      await act(async () => {
        await vi.advanceTimersByTimeAsync(SCREEN_TTL_SEC * 1000)
      })
      countedDown = true
      break
    case 'code.submitted': {
      const { code } = event as unknown as { code: string }
      const inSetup = step.state.startsWith('setup.')
      await UI.fillField(inSetup ? 'Code from the app' : 'Code', code)
      await UI.submitWith('Confirm')
      const request = await (inSetup ? extras.totpConfirm : extras.verifySecondFactor).next()
      const uuid = inSetup ? setupSession.uuid : currentUuid()
      expect(request.body).toEqual({ uuid, code: code.trim() })
      break
    }
    case 'session.refresh': {
      const uuid = currentUuid()
      await UI.clickButton('Send a new code')
      expect((await extras.refreshSecondFactor.next()).body).toEqual({ uuid })
      break
    }
    case 'xstate.done.actor.verifyCode': {
      const { output } = event as unknown as { output: object }
      if ('login_confirmation_session' in output) {
        await extras.verifySecondFactor.answer(
          ok({ login_confirmation_session: onScreen(refreshedSession) }, { status: 202 }),
        )
        countedDown = false
        break
      }
      const redirectUrl = (output as { redirect_url: string | null }).redirect_url
      await extras.verifySecondFactor.answer(
        ok(signedInPair(api!.issue('token-2fa'), redirectUrl), { status: 201 }),
      )
      break
    }
    case 'xstate.error.actor.verifyCode':
      await extras.verifySecondFactor.answer(replyOf((event as unknown as { error: unknown }).error))
      break
    case 'xstate.done.actor.refreshSession':
      await extras.refreshSecondFactor.answer(ok({ login_confirmation_session: onScreen(refreshedSession) }))
      countedDown = false
      break
    case 'xstate.error.actor.refreshSession':
      await extras.refreshSecondFactor.answer(replyOf((event as unknown as { error: unknown }).error))
      break
    case 'xstate.done.actor.loadTotpSetup':
      expect((await extras.totpSetup.answer(ok(totpSetup))).body).toEqual({ uuid: setupSession.uuid })
      break
    case 'xstate.error.actor.loadTotpSetup':
      await extras.totpSetup.answer(replyOf(failures.ended))
      break
    case 'xstate.done.actor.confirmTotp':
      await extras.totpConfirm.answer(
        ok(
          { ...signedInPair(api!.issue('token-2fa'), null), recovery_codes: recoveryCodes },
          { status: 201 },
        ),
      )
      break
    case 'xstate.error.actor.confirmTotp':
      await extras.totpConfirm.answer(replyOf((event as unknown as { error: unknown }).error))
      break
    case 'codes.acknowledged':
      await UI.clickButton('I have saved the codes')
      break
    default:
      throw new Error(`No screen driver for ${event.type}`)
  }
  await expectScreenOf(step)
}

/** The session the screen keeps for a reload, which is the one it confirms. */
function currentUuid(): string | undefined {
  return (JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as { uuid?: string } | null)?.uuid
}

const codeScreen = () => screen.findByRole('heading', { name: 'Confirm it is you' })
const setupScreen = () => screen.findByRole('heading', { name: 'Set up the authenticator app' })
const endedScreen = () => screen.findByRole('heading', { name: 'The confirmation has ended' })

/** What each state of the flow looks like; every screen but sign-in itself is /signin/2fa. */
async function expectScreenOf(step: ModelStep) {
  const { history } = app!
  if (step.route === '/signin/2fa') {
    await waitFor(() => expect(history.location.pathname).toBe('/en/signin/2fa'))
  }
  const { event } = step
  switch (step.state) {
    case 'restoring':
      return
    case 'code.entering': {
      await codeScreen()
      expect(screen.getByText('We sent a code to t***@example.com.')).toBeTruthy()
      if (event.type === 'xstate.error.actor.verifyCode') {
        await UI.expectAlert('The code is wrong. Attempts left: 4.')
      } else if (event.type === 'xstate.error.actor.refreshSession') {
        await UI.expectAlert('Too many requests. Please wait and try again.')
      } else {
        await UI.expectNoFormAlert()
      }
      if (
        event.type === 'xstate.done.actor.verifyCode' ||
        event.type === 'xstate.done.actor.refreshSession'
      ) {
        // A new session replaces the old one, for a reload too, and its countdown starts again.
        expect(currentUuid()).toBe(refreshedSession.uuid)
      }
      // The countdown decides whether a new code may be asked for.
      if (countedDown) await screen.findByRole('button', { name: 'Send a new code' })
      else {
        const wait = screen.getByText(/^You can ask for a new code in \d+ s\.$/)
        expect(wait.closest('[role="status"], [aria-live]:not([aria-live="off"])')).toBeNull()
      }
      return
    }
    case 'code.verifying':
      await codeScreen()
      await UI.expectBusy('Confirm')
      return
    case 'code.refreshing':
      await codeScreen()
      await waitFor(() =>
        expect((screen.getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement).disabled).toBe(
          true,
        ),
      )
      return
    case 'setup.loading':
      await setupScreen()
      expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy()
      return
    case 'setup.showing':
      await setupScreen()
      expect(document.title).toBe('Set up the authenticator app · Salon')
      expect(screen.getByRole('img', { name: 'QR code for the authenticator app' })).toBeTruthy()
      expect(screen.getByTestId('totp-secret').textContent).toBe(totpSetup.secret)
      // Setting up takes the app's six digits only (no recovery code yet): phones show the number pad.
      expect(screen.getByLabelText('Code from the app').getAttribute('inputmode')).toBe('numeric')
      if (event.type === 'xstate.error.actor.confirmTotp')
        await UI.expectAlert('The code is wrong. Attempts left: 4.')
      return
    case 'setup.confirming':
      await setupScreen()
      await UI.expectBusy('Confirm')
      return
    case 'setup.recoveryCodes': {
      await setupScreen()
      const shown = [...screen.getByTestId('recovery-codes').querySelectorAll('code')].map(
        (code) => code.textContent,
      )
      expect(shown).toEqual(recoveryCodes)
      // Not signed in until the user has seen the codes.
      expect(UI.accessTokenCookie()).toBeNull()
      return
    }
    case 'ended':
      await endedScreen()
      expect(document.title).toBe('The confirmation has ended · Salon')
      expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe('/en/signin')
      expect(sessionStorage.getItem(storageKey)).toBeNull()
      return
    case 'noSession':
      expect(step.route).toBe('/signin')
      await UI.expectSignInScreen(history)
      return
    case 'signedIn': {
      const output = (event as { output?: unknown }).output
      if (output === redirectedPair) {
        // The returned url, a path on this site, is where the user lands.
        await UI.expectHome(history, { userName: 'Tanya', company: salonTwo.title })
        expect(history.location.search).toBe('?company=2')
      } else {
        // An off-site url (offSitePair), or none at all: the signed-in home.
        expect(output === offSitePair || event.type === 'codes.acknowledged').toBe(true)
        await UI.expectHome(history, { userName: 'Tanya', company: salonOne.title })
        expect(history.location.search).toBe('')
      }
      expect(UI.accessTokenCookie()).toBe('token-2fa')
      expect(sessionStorage.getItem(storageKey)).toBeNull()
      expect(app!.session.getSnapshot().value).toBe('valid')
      return
    }
    default:
      throw new Error(`No screen expectation for ${step.state}`)
  }
}

/** Whether the screen's countdown has reached 0 since its session started. */
let countedDown = false

function usesTheClock(path: ModelPath) {
  return path.steps.some((step) => step.event.type.startsWith('xstate.after.'))
}

describe('twoFactor screens, model-based', () => {
  const screens = createScreenReplay(twoFactorMachine, { history: () => app?.history })

  for (const path of model.paths) {
    it(path.description, async () => {
      api = createFakeApi()
      gates = createSignInExtrasGates()
      server.use(...api.handlers, ...gates.handlers)
      countedDown = false
      // The countdown runs on a clock the test moves; it still runs in real time otherwise.
      if (usesTheClock(path)) useJourneyClock()
      await screens.replay(path, (step, index) => playStep(step, path.steps[index + 1]))
    })
  }

  it('covers every state and transition', () => {
    assertFullCoverage(twoFactorMachine, screens.walked)
  })
})

describe('twoFactor screen, typing slips and the way back', () => {
  it('refuses a code that is not 6 digits with a sentence, and sends nothing', async () => {
    api = createFakeApi()
    gates = createSignInExtrasGates()
    server.use(...api.handlers, ...gates.handlers)
    sessionStorage.setItem(storageKey, JSON.stringify(onScreen(loginSession)))
    app = renderApp('/en/signin/2fa')
    await codeScreen()
    expect(document.title).toBe('Confirm it is you · Salon')
    await UI.fillField('Code', '12')
    await UI.submitWith('Confirm')
    await screen.findByText('The code has 6 digits.')
    const field = screen.getByLabelText('Code')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(field)
    // A code sent by e-mail is digits: phones show the number pad.
    expect(field.getAttribute('inputmode')).toBe('numeric')
    expect(gates.verifySecondFactor.count).toBe(0)
  })

  it('with the authenticator app: asks for its code or a recovery code, offers no new code, sends a recovery code as typed', async () => {
    api = createFakeApi()
    gates = createSignInExtrasGates()
    server.use(...api.handlers, ...gates.handlers)
    const appSession = { ...onScreen(loginSession), transport: { type: 'totp', recipient: null } }
    sessionStorage.setItem(storageKey, JSON.stringify(appSession))
    app = renderApp('/en/signin/2fa')
    await codeScreen()
    expect(
      screen.getByText('Enter the code from your authenticator app, or one of your recovery codes.'),
    ).toBeTruthy()
    expect(screen.queryByText(/We sent a code/)).toBeNull()
    // The app makes its own codes: there is nothing to send again.
    expect(screen.queryByText(/You can ask for a new code/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull()
    // A recovery code has letters: the keyboard is the full one.
    expect(screen.getByLabelText('Code').getAttribute('inputmode')).toBe('text')

    await UI.fillField('Code', '12')
    await UI.submitWith('Confirm')
    await screen.findByText('Enter the 6 digits from the app, or a recovery code such as k7m2p-x9qrt.')
    expect(gates.verifySecondFactor.count).toBe(0)

    await UI.fillField('Code', ' k7m2p-x9qrt ')
    await UI.submitWith('Confirm')
    expect((await gates.verifySecondFactor.next()).body).toEqual({
      uuid: loginSession.uuid,
      code: 'k7m2p-x9qrt',
    })
  })

  it('leads back to sign-in and forgets the confirmation', async () => {
    api = createFakeApi()
    gates = createSignInExtrasGates()
    server.use(...api.handlers, ...gates.handlers)
    sessionStorage.setItem(storageKey, JSON.stringify(onScreen(loginSession)))
    app = renderApp('/en/signin/2fa')
    await codeScreen()
    const back = screen.getByRole('link', { name: 'Back to sign-in' })
    expect(back.getAttribute('href')).toBe('/en/signin')
    // jsdom does not load pages: the click's own effect is what is checked; the browser then opens sign-in.
    back.addEventListener('click', (event) => event.preventDefault())
    await act(async () => {
      back.click()
    })
    expect(sessionStorage.getItem(storageKey)).toBeNull()
  })
})
