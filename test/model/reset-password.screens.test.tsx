import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetPasswordMachine } from '../../machines/reset-password'
import { apiBase } from '../../src/api/client'
import { toastStore } from '../../src/ui/toast-store'
import {
  assertFullCoverage,
  createMachineModel,
  type ModelPath,
  type ModelStep,
} from '../support/model-coverage'
import {
  createFakeApi,
  createSignInExtrasGates,
  fail,
  failWithDetails,
  ok,
  type FakeApi,
  type SignInExtrasGates,
} from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies, UI } from '../support/ui-drivers'
import { createScreenReplay } from '../support/ui-model-replay'
import { parentOrigin } from './embedded.model'
import { failures, modelOptions } from './reset-password.model'
import { endJourneyClock, useJourneyClock } from '../support/journey-clock'

// The same event cases as reset-password.machine.test.ts, so both levels walk the same generated paths.
const model = createMachineModel(resetPasswordMachine, modelOptions)

/**
 * The server's wait_period on screen: longer than the model's one second, so that a path without a tick
 * never reaches 0 while it runs; a tick step moves the simulated clock past all of it.
 */
const SCREEN_WAIT_SEC = 30
const contact = 'anna@example.com'
const tokenRefusedMessage = 'This reset has expired. Please ask for a new code.'
const resetNotice = 'Your password has been changed. Sign in with the new one.'

const server = useMswServer()

/** The admin application around the app: a window of its own whose postMessage the test records. */
interface FakeParent {
  posted: { message: { type: string }; targetOrigin: string }[]
}

let app: RenderedApp | undefined
/** Whether the walk has typed the contact yet: the field shows it from then on, however the user came back. */
let contactTyped = false
let api: FakeApi | undefined
let gates: SignInExtrasGates | undefined
let parent: FakeParent | undefined
/** Whether the screen's resend countdown has reached 0 since the code was last sent. */
let countedDown = false

function installParent(): FakeParent {
  const holder = document.createElement('iframe')
  document.body.append(holder)
  const parentWindow = holder.contentWindow!
  const posted: FakeParent['posted'] = []
  parentWindow.postMessage = ((message: { type: string }, targetOrigin: string) =>
    posted.push({ message, targetOrigin })) as Window['postMessage']
  Object.defineProperty(window, 'parent', { value: parentWindow, configurable: true })
  Object.defineProperty(document, 'referrer', { value: `${parentOrigin}/cabinet/login`, configurable: true })
  server.use(http.get(`${apiBase}/embedding/config`, () => ok({ parent_origins: [parentOrigin] })))
  return { posted }
}

afterEach(async () => {
  endJourneyClock()
  await UI.dismissErrorModal()
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  gates?.release()
  clearAppCookies()
  Object.defineProperty(window, 'parent', { value: window, configurable: true })
  Object.defineProperty(document, 'referrer', { value: '', configurable: true })
  app = api = gates = parent = undefined
})

const codeSentReply = () => ok({ channel: 'email', wait_period: SCREEN_WAIT_SEC })

/** Acts out one model step on the screen, as the user or the server would. */
async function playStep(step: ModelStep) {
  const { event } = step
  const extras = gates!
  switch (event.type) {
    case 'xstate.init':
      contactTyped = false
      app = renderApp('/en/signin/reset')
      break
    case 'contact.submitted': {
      const typed = (event as unknown as { contact: string }).contact
      contactTyped = true
      await UI.fillField('E-mail or phone', typed)
      await UI.submitWith('Send a code')
      expect((await extras.sendResetCode.next()).body).toEqual({ user_contact_info: contact })
      break
    }
    case 'xstate.done.actor.sendCode':
    case 'xstate.done.actor.resendCode':
      await extras.sendResetCode.answer(codeSentReply())
      countedDown = false
      break
    case 'xstate.error.actor.sendCode':
      await extras.sendResetCode.answer(
        fail(422, { message: failures.invalidContact.message, errors: failures.invalidContact.fieldErrors }),
      )
      break
    case 'xstate.error.actor.resendCode':
      // Too early: the server says how long to wait, and the countdown starts from there.
      await extras.sendResetCode.answer(
        failWithDetails(429, { ...failures.tooEarly, wait_period: SCREEN_WAIT_SEC }),
      )
      countedDown = false
      break
    case 'xstate.after.1000.resetPassword.confirmCode.entering':
      await act(async () => {
        await vi.advanceTimersByTimeAsync(SCREEN_WAIT_SEC * 1000)
      })
      countedDown = true
      break
    case 'code.submitted': {
      const { code } = event as unknown as { code: string }
      await UI.fillField('Code', code)
      await UI.submitWith('Confirm')
      expect((await extras.createResetToken.next()).body).toEqual({
        user_contact_info: contact,
        code: '123456',
      })
      break
    }
    case 'code.resend':
      await UI.clickButton('Send a new code')
      expect((await extras.sendResetCode.next()).body).toEqual({ user_contact_info: contact })
      break
    case 'contact.change':
      await UI.clickButton('Use another e-mail or phone')
      break
    case 'xstate.route': {
      // The user opens a step's URL (Back, Forward, a link): the app's machine decides where they are.
      const step = (event as unknown as { to: string }).to.replace('#resetPassword.', '')
      const path = { sendCode: 'send_code', confirmCode: 'confirm_code', changePassword: 'change_password' }[
        step
      ]
      app!.history.push(`/en/signin/reset/${path}`)
      break
    }
    case 'xstate.done.actor.createToken':
      await extras.createResetToken.answer(ok({ token: 'reset-token' }))
      break
    case 'xstate.error.actor.createToken':
      await extras.createResetToken.answer(
        failWithDetails(422, { ...failures.invalidCode, attempts_left: 4 }),
      )
      break
    case 'password.submitted': {
      const { password, confirmPassword } = event as unknown as { password: string; confirmPassword: string }
      await UI.fillField('New password', password)
      await UI.fillField('Repeat the new password', confirmPassword)
      await UI.submitWith('Save the new password')
      expect((await extras.setNewPassword.next()).body).toEqual({
        user_contact_info: contact,
        token: 'reset-token',
        password,
        confirm_password: confirmPassword,
      })
      break
    }
    case 'xstate.done.actor.setNewPassword':
      await extras.setNewPassword.answer(ok(null))
      break
    case 'xstate.error.actor.setNewPassword': {
      const { error } = event as unknown as { error: unknown }
      const reply =
        error === failures.tokenRefused
          ? // The server's own words for a used or expired reset token.
            fail(422, { message: tokenRefusedMessage, errors: { token: [tokenRefusedMessage] } })
          : fail(422, {
              message: failures.commonPassword.message,
              errors: failures.commonPassword.fieldErrors,
            })
      await extras.setNewPassword.answer(reply)
      break
    }
    default:
      throw new Error(`No screen driver for ${event.type}`)
  }
  await expectScreenOf(step)
}

const stepPath = (route: string) => `/en${route}`

/** What each state of the flow looks like, on the route its step names. */
async function expectScreenOf(step: ModelStep) {
  const { history } = app!
  const { event } = step
  await waitFor(() => expect(history.location.pathname).toBe(stepPath(step.route!)))
  if (step.state !== 'done') await screen.findByRole('heading', { name: 'Reset your password' })
  switch (step.state) {
    case 'sendCode.editing':
      // What the user entered stays in the field, whichever way the screen came back to it.
      expect((screen.getByLabelText('E-mail or phone') as HTMLInputElement).value.trim()).toBe(
        contactTyped ? contact : '',
      )
      if (event.type === 'xstate.error.actor.sendCode') {
        // The server's field message becomes the client's sentence beside the field.
        await screen.findByText(
          'Enter an e-mail such as name@example.com or a phone number with its country code.',
        )
        expect(screen.getByLabelText('E-mail or phone').getAttribute('aria-invalid')).toBe('true')
        // The field's own sentence says it all: no alert repeats it.
        expect(UI.formAlert()).toBeNull()
      } else if (event.type === 'xstate.error.actor.setNewPassword') await UI.expectAlert(tokenRefusedMessage)
      else await UI.expectNoFormAlert()
      return
    case 'sendCode.sending':
      await UI.expectBusy('Send a code')
      return
    case 'confirmCode.entering':
      expect(
        screen.getByText(`If an account uses ${contact}, we have sent a code there by e-mail.`),
      ).toBeTruthy()
      if (event.type === 'xstate.error.actor.createToken')
        await UI.expectAlert('The code is wrong. Attempts left: 4.')
      else if (event.type === 'xstate.error.actor.resendCode')
        await UI.expectAlert('Too many requests. Please wait and try again.')
      // The resend countdown: a new code may be asked for only at 0.
      if (countedDown) await screen.findByRole('button', { name: 'Send a new code' })
      else {
        // Shown, and not in a live region that would read it out every second.
        const wait = screen.getByText(/^You can ask for a new code in \d+ s\.$/)
        expect(wait.closest('[role="status"], [aria-live]:not([aria-live="off"])')).toBeNull()
        expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull()
      }
      return
    case 'confirmCode.checking':
      await UI.expectBusy('Confirm')
      return
    case 'confirmCode.resending':
      await waitFor(() =>
        expect((screen.getByRole('button', { name: 'Send a new code' }) as HTMLButtonElement).disabled).toBe(
          true,
        ),
      )
      return
    case 'changePassword.editing':
      expect(screen.getByLabelText('New password')).toBeTruthy()
      if (event.type === 'xstate.error.actor.setNewPassword') {
        // The password's own message shows beside the field, not as an alert.
        await screen.findByText('This password is too common. Choose another one.')
        expect(UI.formAlert()).toBeNull()
      }
      return
    case 'changePassword.saving':
      await UI.expectBusy('Save the new password')
      return
    case 'done':
      // The reset state is cleared and the user signs in with the new password.
      await UI.expectSignInScreen(history)
      expect(await screen.findAllByText(resetNotice)).toHaveLength(1)
      // A success toast (polite, in the success colour), not an error.
      expect(screen.getByText(resetNotice).closest('.toast')?.className).toBe('toast toast--success')
      expect(screen.getByText(resetNotice).closest('[role]')?.getAttribute('role')).toBe('status')
      if (parent) {
        // Inside the admin application's frame, the parent hears of it, at its exact origin.
        await waitFor(() =>
          expect(parent!.posted.map((post) => post.message.type)).toContain('resetPasswordComplete'),
        )
        for (const post of parent.posted) expect(post.targetOrigin).toBe(parentOrigin)
      }
      return
    default:
      throw new Error(`No screen expectation for ${step.state}`)
  }
}

const usesTheClock = (path: ModelPath) =>
  path.steps.some((step) => step.event.type.startsWith('xstate.after.'))

describe('resetPassword screens, model-based', () => {
  const screens = createScreenReplay(resetPasswordMachine, { history: () => app?.history })

  for (const path of model.paths) {
    it(path.description, async () => {
      api = createFakeApi()
      gates = createSignInExtrasGates()
      server.use(...api.handlers, ...gates.handlers)
      countedDown = false
      // A completed reset is played inside the admin application's frame once, and standalone once.
      const completes = path.steps.at(-1)?.state === 'done'
      if (completes && !usesTheClock(path)) parent = installParent()
      // The resend countdown runs on a clock the test moves; it still runs in real time otherwise.
      if (usesTheClock(path)) useJourneyClock()
      await screens.replay(path, playStep)
    })
  }

  it('covers every state and transition', () => {
    assertFullCoverage(resetPasswordMachine, screens.walked)
  })
})

/** The reset page opened afresh, its calls held for the test to answer; resolves with those calls. */
async function openReset(): Promise<SignInExtrasGates> {
  api = createFakeApi()
  gates = createSignInExtrasGates()
  server.use(...api.handlers, ...gates.handlers)
  app = renderApp('/en/signin/reset')
  await screen.findByLabelText('E-mail or phone')
  return gates
}

/** The contact sent and a code sent to it by e-mail: the code step on screen. */
async function reachCodeStep(extras: SignInExtrasGates) {
  await UI.fillField('E-mail or phone', contact)
  await UI.submitWith('Send a code')
  await extras.sendResetCode.next()
  await extras.sendResetCode.answer(codeSentReply())
  await screen.findByLabelText('Code')
}

describe('resetPassword screen, slips caught before sending and a code by SMS', () => {
  it('refuses empty or malformed answers with sentences on each step, and names each step in the tab', async () => {
    const extras = await openReset()
    expect(document.title).toBe('Reset your password · Salon')
    const contactField = screen.getByLabelText('E-mail or phone')
    expect(contactField.getAttribute('autocomplete')).toBe('username')

    // An empty contact is not sent.
    await UI.fillField('E-mail or phone', '   ')
    await UI.submitWith('Send a code')
    await screen.findByText('Enter your e-mail or phone.')
    expect(contactField.getAttribute('aria-invalid')).toBe('true')
    // The cursor goes back to the field to correct.
    await waitFor(() => expect(document.activeElement).toBe(contactField))
    expect(extras.sendResetCode.count).toBe(0)

    // A phone is sent trimmed; the server sends the code by SMS, and the screen says so.
    await UI.fillField('E-mail or phone', ' +79001234567 ')
    await UI.submitWith('Send a code')
    expect((await extras.sendResetCode.next()).body).toEqual({ user_contact_info: '+79001234567' })
    await extras.sendResetCode.answer(ok({ channel: 'sms', wait_period: SCREEN_WAIT_SEC }))
    await screen.findByText('If an account uses +79001234567, we have sent a code there by SMS.')
    expect(document.title).toBe('Enter the code · Salon')
    expect(screen.queryByText('Enter your e-mail or phone.')).toBeNull()

    // An empty code and a short one each have their sentence, and neither uses up an attempt.
    await UI.fillField('Code', '')
    await UI.submitWith('Confirm')
    await screen.findByText('Enter the code.')
    await UI.fillField('Code', '12')
    await UI.submitWith('Confirm')
    await screen.findByText('The code has 6 digits.')
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Code')))
    // Spaces alone are no code either: asked for, not called the wrong length.
    await UI.fillField('Code', '   ')
    await UI.submitWith('Confirm')
    await screen.findByText('Enter the code.')
    expect(extras.createResetToken.count).toBe(0)

    await UI.fillField('Code', '123 456')
    await UI.submitWith('Confirm')
    expect((await extras.createResetToken.next()).body).toEqual({
      user_contact_info: '+79001234567',
      code: '123456',
    })
    await extras.createResetToken.answer(ok({ token: 'reset-token' }))
    await screen.findByLabelText('New password')
    expect(document.title).toBe('Choose a new password · Salon')
    for (const label of ['New password', 'Repeat the new password']) {
      expect(screen.getByLabelText(label).getAttribute('type')).toBe('password')
      expect(screen.getByLabelText(label).getAttribute('autocomplete')).toBe('new-password')
    }

    // Both empty fields are named at once, and nothing is sent.
    await UI.submitWith('Save the new password')
    await screen.findByText('Enter a password.')
    expect(screen.getByText('Repeat the password.')).toBeTruthy()
    expect(UI.formAlert()).toBeNull()
    expect(extras.setNewPassword.count).toBe(0)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('New password')))
  })

  it("shows the server's message on a step's own field beside it, without an alert", async () => {
    const extras = await openReset()
    await UI.fillField('E-mail or phone', 'anna@')
    await UI.submitWith('Send a code')
    await extras.sendResetCode.next()
    await extras.sendResetCode.answer(
      fail(422, { message: failures.invalidContact.message, errors: failures.invalidContact.fieldErrors }),
    )
    await screen.findByText(
      'Enter an e-mail such as name@example.com or a phone number with its country code.',
    )
    expect(UI.formAlert()).toBeNull()
    // The user empties the field: the client's own sentence replaces the server's, still with no alert.
    await UI.fillField('E-mail or phone', '')
    await UI.submitWith('Send a code')
    await screen.findByText('Enter your e-mail or phone.')
    expect(UI.formAlert()).toBeNull()

    await reachCodeStep(extras)
    await UI.fillField('Code', '123456')
    await UI.submitWith('Confirm')
    await extras.createResetToken.next()
    await extras.createResetToken.answer(
      fail(422, { message: 'Validation failed', errors: { code: ['invalid'] } }),
    )
    await waitFor(() => expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true'))
    expect(UI.formAlert()).toBeNull()

    await UI.fillField('Code', '654321')
    await UI.submitWith('Confirm')
    await extras.createResetToken.next()
    await extras.createResetToken.answer(ok({ token: 'reset-token' }))
    await screen.findByLabelText('New password')
    await UI.fillField('New password', 'a fine passphrase')
    await UI.fillField('Repeat the new password', 'a fine passphrase')
    await UI.submitWith('Save the new password')
    await extras.setNewPassword.next()
    await extras.setNewPassword.answer(
      fail(422, {
        message: 'Validation failed',
        errors: { confirm_password: ['The passwords do not match'] },
      }),
    )
    await waitFor(() =>
      expect(screen.getByLabelText('Repeat the new password').getAttribute('aria-invalid')).toBe('true'),
    )
    expect(UI.formAlert()).toBeNull()
  })

  it('describes the page for search engines and link previews', async () => {
    await openReset()
    await waitFor(() =>
      expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        'Forgot your Salon password? Get a code by e-mail or SMS and choose a new one.',
      ),
    )
  })
})

describe('resetPassword screen, a reload at each step', () => {
  /** The page loaded again at `path` in the same tab: the app starts afresh, the tab's session storage stays. */
  async function reload(path: string) {
    cleanup()
    app?.session.stop()
    app = renderApp(path)
    await screen.findByRole('heading', { name: 'Reset your password' })
  }

  it('comes back to the code step with the contact, to the password step with the code accepted, and forgets a finished reset', async () => {
    const extras = await openReset()
    await reachCodeStep(extras)
    const codesAsked = extras.sendResetCode.count

    await reload('/en/signin/reset/confirm_code')
    await screen.findByText(`If an account uses ${contact}, we have sent a code there by e-mail.`)
    expect(app!.history.location.pathname).toBe('/en/signin/reset/confirm_code')
    // The code already sent is still the one to enter: no new one was asked for.
    expect(extras.sendResetCode.count).toBe(codesAsked)
    await UI.fillField('Code', '123456')
    await UI.submitWith('Confirm')
    expect((await extras.createResetToken.next()).body).toEqual({
      user_contact_info: contact,
      code: '123456',
    })
    await extras.createResetToken.answer(ok({ token: 'reset-token' }))
    await screen.findByLabelText('New password')

    await reload('/en/signin/reset/change_password')
    await screen.findByLabelText('New password')
    await UI.fillField('New password', 'a fine passphrase')
    await UI.fillField('Repeat the new password', 'a fine passphrase')
    await UI.submitWith('Save the new password')
    expect((await extras.setNewPassword.next()).body).toMatchObject({ token: 'reset-token' })
    await extras.setNewPassword.answer(ok(null))
    await UI.expectSignInScreen(app!.history)

    // The finished reset left nothing behind: its step's address now starts a new one.
    await reload('/en/signin/reset/change_password')
    await waitFor(() => expect(app!.history.location.pathname).toBe('/en/signin/reset/send_code'))
    expect(screen.getByLabelText('E-mail or phone')).toBeTruthy()
    expect(screen.queryByLabelText('New password')).toBeNull()
  })

  it('opened at the password step without a code accepted, lands on the step the tab reached', async () => {
    const extras = await openReset()
    await reachCodeStep(extras)

    await reload('/en/signin/reset/change_password')
    await waitFor(() => expect(app!.history.location.pathname).toBe('/en/signin/reset/confirm_code'))
    await screen.findByText(`If an account uses ${contact}, we have sent a code there by e-mail.`)
  })
})
