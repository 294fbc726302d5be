import { cleanup, screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { classifySignInFailure } from '../../machines/sign-in-failure'
import { assertFullCoverage, createMachineModel, type ModelStep } from '../support/model-coverage'
import {
  anna,
  createFakeApi,
  fail,
  ok,
  salonOne,
  salonTwo,
  tokenPair,
  type FakeApi,
} from '../support/msw-api'
import { postedAnalytics, useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies, UI } from '../support/ui-drivers'
import { createScreenReplay, type PlayedStep } from '../support/ui-model-replay'
import { machine as signInMachine, modelOptions, returnTo, secondFactor } from './sign-in.model'

// The one signIn model (sign-in.model.ts), so the machine and screen levels walk the same generated paths.
const model = createMachineModel(signInMachine, modelOptions)

/** How the server (or the app itself) produces each rejection, and what the user reads then. */
function rejectionOf(error: unknown): { reply: Response; alert: string } {
  if (error instanceof Error) {
    // A lone surrogate cannot be put in a cookie (encodeURIComponent throws), which makes the app
    // itself fail after a good reply: the nearest a screen test gets to an exception in the app.
    return { reply: ok(tokenPair('\ud800')), alert: 'Something went wrong. Please try again.' }
  }
  const { status, code, message, isRequestError } = error as {
    status: number
    code?: number
    message?: string
    isRequestError?: boolean
  }
  if (isRequestError) {
    return { reply: HttpResponse.error(), alert: 'The server did not answer in time. Please try again.' }
  }
  // Every failure is told in the app's words: the server's wording never reaches the screen.
  const alert =
    status === 422 && code === undefined
      ? 'The login or password is incorrect.'
      : code === 2002
        ? 'Too many attempts. Please wait a few minutes and try again.'
        : 'Signing in failed. Please try again.'
  return { reply: fail(status, { message }, code), alert }
}

/** A sign-in link with its hash (`/signin/{hash}`): the form keeps it in the URL through every state. */
const signInPath = '/en/signin/a1b2c3'

const emptyFieldsAlert = 'Enter your e-mail or phone and your password.'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined
/** The return page the last successful reply named, if any. */
let redirectAnswered: string | null = null

afterEach(async () => {
  await UI.dismissErrorModal()
  cleanup()
  app?.session.stop()
  api?.release()
  clearAppCookies()
  sessionStorage.clear()
  app = undefined
  api = undefined
  redirectAnswered = null
})

/** Acts out one model step on the screen and checks what the user sees in the step's state. */
async function playStep(step: ModelStep): Promise<PlayedStep | void> {
  const { event } = step
  const fakeApi = api!
  let alsoSent: PlayedStep['alsoSent']

  switch (event.type) {
    case 'xstate.init': {
      app = renderApp(signInPath)
      break
    }
    case 'credentials.submitted': {
      const { login, password } = event as unknown as { login: string; password: string }
      const alertShown = UI.formAlert() !== null
      // Changing a field under an alert is an edit first: the screen sends it, so the twin hears it too.
      if ((await UI.fillCredentials(login, password)) && alertShown)
        alsoSent = [{ type: 'credentials.edited' }]
      const requestsBefore = fakeApi.signIn.count
      await UI.submit()
      if (step.state === 'submitting') {
        const request = await fakeApi.signIn.next()
        expect(request.body).toEqual({ login: login.trim(), password })
      } else {
        // Empty fields never reach the server.
        await UI.expectFormAlert(emptyFieldsAlert)
        expect(fakeApi.signIn.count).toBe(requestsBefore)
      }
      break
    }
    case 'credentials.edited': {
      await UI.typeInLogin('x')
      break
    }
    case 'xstate.done.actor.submitCredentials': {
      const { output } = event as unknown as { output: { redirect_url?: string } }
      if ('login_confirmation_session' in output) {
        await fakeApi.signIn.answer(ok(secondFactor, { status: 202 }))
        break
      }
      fakeApi.issue('token-1')
      // The server may name a page to return to; the app follows it only when it is on this site.
      redirectAnswered = output.redirect_url ?? null
      await fakeApi.signIn.answer(
        ok(
          redirectAnswered
            ? { ...tokenPair('token-1'), redirect_url: redirectAnswered }
            : tokenPair('token-1'),
        ),
      )
      break
    }
    case 'xstate.error.actor.submitCredentials': {
      const { error } = event as unknown as { error: unknown }
      const { reply, alert } = rejectionOf(error)
      await fakeApi.signIn.answer(reply)
      await UI.expectFormAlert(alert)
      // Every failure is reported to analytics under its class.
      await waitFor(() =>
        expect(postedAnalytics.filter((posted) => posted.name === 'sign_in_failed').at(-1)?.props).toEqual({
          failure_class: classifySignInFailure(error),
        }),
      )
      break
    }
    default:
      throw new Error(`No screen driver for ${event.type}`)
  }

  await expectScreenOf(step)
  return { alsoSent }
}

/** What each state of the flow looks like; states with a route are on that route. */
async function expectScreenOf(step: ModelStep) {
  const { history } = app!
  switch (step.state) {
    case 'form.editing':
      expect(step.route).toBe('/signin/$hash')
      await UI.expectSignInScreen(history, signInPath)
      expect(document.title).toBe('Sign in · Salon')
      await UI.expectNoFormAlert()
      return
    case 'form.failed':
      expect(step.route).toBe('/signin/$hash')
      await UI.expectSignInScreen(history, signInPath)
      expect(UI.formAlert()).not.toBeNull()
      return
    case 'submitting':
      expect(step.route).toBe('/signin/$hash')
      await UI.expectSignInScreen(history, signInPath)
      await UI.expectSubmitting()
      return
    case 'signedIn': {
      // The flow is over; the session's state takes the user home, or to the page on this site the reply named.
      expect(step.route).toBeUndefined()
      const returned = redirectAnswered === returnTo.onSite
      await UI.expectHome(history, {
        userName: anna.name,
        company: returned ? salonTwo.title : salonOne.title,
      })
      expect(history.location.search).toBe(returned ? `?company=${salonTwo.id}` : '')
      expect(history.location.href).not.toContain('evil')
      expect(UI.accessTokenCookie()).toBe('token-1')
      expect(app!.session.getSnapshot().value).toBe('valid')
      return
    }
    case 'twoFactorRequired':
      // The twoFactor flow takes over on its own route, with the session the reply carried.
      expect(step.route).toBe('/signin/2fa')
      await waitFor(() => expect(history.location.pathname).toBe('/en/signin/2fa'))
      expect(await screen.findByRole('heading', { name: 'Confirm it is you' })).toBeTruthy()
      expect(screen.getByText('We sent a code to a***@example.com.')).toBeTruthy()
      expect(UI.accessTokenCookie()).toBeNull()
      return
    default:
      throw new Error(`No screen expectation for ${step.state}`)
  }
}

describe('signIn screens, model-based', () => {
  const screens = createScreenReplay(signInMachine, { history: () => app?.history })

  for (const path of model.paths) {
    it(path.description, async () => {
      api = createFakeApi()
      server.use(...api.handlers)
      await screens.replay(path, playStep)
    })
  }

  it('covers every state and transition', () => {
    assertFullCoverage(signInMachine, screens.walked)
  })
})
