import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { embeddedMachine } from '../../machines/embedded'
import { writeCookie } from '../../src/api/cookies'
import { reportRegistrationCompletion } from '../../src/embedded/embedded-reporting'
import { assertFullCoverage, createMachineModel, type ModelStep } from '../support/model-coverage'
import { anna, createFakeApi, createGate, fail, ok, type FakeApi } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies, UI } from '../support/ui-drivers'
import { createScreenReplay } from '../support/ui-model-replay'
import { completion, modelOptions, parentOrigin, parentToken } from './embedded.model'
import { endJourneyClock, useJourneyClock } from '../support/journey-clock'

// The same event cases as embedded.machine.test.ts, so both levels walk the same generated paths.
const model = createMachineModel(embeddedMachine, modelOptions)

const server = useMswServer()

/**
 * The admin application around the app: a real window of its own (an iframe's), standing in for
 * `window.parent`, whose postMessage the test records.
 */
interface FakeParent {
  window: Window
  posted: { message: { type: string; payload: unknown }; targetOrigin: string }[]
}

let app: RenderedApp | undefined
let api: FakeApi | undefined
let gates: { config: ReturnType<typeof createGate>; parentToken: ReturnType<typeof createGate> } | undefined
let parent: FakeParent | undefined

function installParent(): FakeParent {
  const holder = document.createElement('iframe')
  document.body.append(holder)
  const parentWindow = holder.contentWindow!
  const posted: FakeParent['posted'] = []
  parentWindow.postMessage = ((message: FakeParent['posted'][number]['message'], targetOrigin: string) =>
    posted.push({ message, targetOrigin })) as Window['postMessage']
  Object.defineProperty(window, 'parent', { value: parentWindow, configurable: true })
  Object.defineProperty(document, 'referrer', {
    value: `${parentOrigin}/cabinet/onboarding`,
    configurable: true,
  })
  return { window: parentWindow, posted }
}

beforeEach(() => {
  parent = installParent()
})

afterEach(() => {
  endJourneyClock()
  cleanup()
  app?.session.stop()
  api?.release()
  gates?.config.release()
  gates?.parentToken.release()
  clearAppCookies()
  Object.defineProperty(window, 'parent', { value: window, configurable: true })
  Object.defineProperty(document, 'referrer', { value: '', configurable: true })
  app = api = gates = parent = undefined
})

const postedTypes = () => parent!.posted.map((post) => post.message.type)
const completionPath = `/en/onboarding/complete/${completion.registrationId}`

/** Acts out one model step on the screen, as the parent, the server or another flow would. */
async function playStep(step: ModelStep) {
  const { event } = step
  const fakeApi = api!
  const { config, parentToken: tokenGate } = gates!
  switch (event.type) {
    case 'xstate.init': {
      // A signed-in user in the admin application's frame, as at the end of a registration.
      writeCookie('access_token', fakeApi.issue('frame-token'))
      app = renderApp('/en')
      await fakeApi.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
      await config.next()
      break
    }
    case 'xstate.done.actor.detectEmbedding': {
      const { output } = event as unknown as { output: { origin: string } | null }
      await config.answer(ok({ parent_origins: output ? [output.origin] : ['https://other.example.com'] }))
      break
    }
    case 'xstate.error.actor.detectEmbedding':
      // A refusal that asking again cannot change (the app retries only other failures), so detection fails now.
      await config.answer(fail(404, { message: 'Not found' }))
      break
    case 'registration.completed':
      // What onboarding's reportCompletion does once the new session is stored.
      act(() => reportRegistrationCompletion(completion))
      break
    case 'completion.retried':
      await UI.clickButton('Try again')
      break
    case 'xstate.done.actor.issueParentToken': {
      const request = await tokenGate.answer(
        ok({ access_token: parentToken, token_type: 'Bearer', expires_in: 900 }),
      )
      expect(request.authorization).toBe('Bearer frame-token')
      expect(request.body).toEqual({ parent_origin: parentOrigin })
      // The frame's own session is ended next.
      await fakeApi.logout.next()
      break
    }
    case 'xstate.error.actor.issueParentToken':
      // The server is briefly unavailable; the frame keeps its session, so a retry can still succeed.
      await tokenGate.answer(fail(503, { message: 'Service unavailable' }))
      break
    case 'xstate.done.actor.logoutFrameSession':
      await fakeApi.logout.answer(ok(null))
      break
    case 'xstate.error.actor.logoutFrameSession':
      // The server never answers the logout: the frame stops waiting and hands the token over anyway.
      await act(async () => {
        await vi.advanceTimersByTimeAsync(15_000)
      })
      break
    case 'xstate.after.redirectTimeout.embedded.embedded.completed':
      // Twenty seconds pass without the parent taking over (the clock is simulated on the twin too).
      await act(async () => {
        await vi.advanceTimersByTimeAsync(20_000)
      })
      break
    case 'location.redirect': {
      const { requestLocationRedirect } = await import('../../src/embedded/embedded-reporting')
      const { location } = event as unknown as { location?: string }
      act(() => requestLocationRedirect(location))
      break
    }
    case 'page.visited':
      // Another registration's completion page: a route any session may see, so nothing moves the user on.
      await act(() =>
        app!.router.navigate({ to: '/{-$lang}/onboarding/complete/$id', params: { lang: 'en', id: '99' } }),
      )
      break
    case 'session.loggedOut':
      await UI.clickButton('Sign out')
      await fakeApi.logout.answer(ok(null))
      break
    case 'password.resetCompleted': {
      const { reportPasswordResetCompletion } = await import('../../src/embedded/embedded-reporting')
      act(() => reportPasswordResetCompletion())
      break
    }
    case 'parent.pinged':
      // The parent window itself asks again; messages from any other window are ignored (unit tests).
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { source: 'salon-embedded', version: 1, type: 'ping' },
            origin: parentOrigin,
            source: parent!.window,
          }),
        )
      })
      break
    default:
      throw new Error(`No screen driver for ${event.type}`)
  }
  await expectScreen(step)
}

/** What the parent has received and what the user sees in the step's state. */
async function expectScreen(step: ModelStep) {
  const history = app!.history
  // Every message went to the exact parent origin, never to '*'.
  for (const post of parent!.posted) expect(post.targetOrigin).toBe(parentOrigin)
  if (step.route && step.event.type !== 'page.visited') {
    await waitFor(() => expect(history.location.pathname).toBe(completionPath))
  }
  const lastOf = (type: string) => parent!.posted.filter((post) => post.message.type === type).at(-1)?.message

  switch (step.state) {
    case 'detecting':
    case 'standalone.idle':
      expect(parent!.posted).toEqual([])
      return
    case 'standalone.completed':
      expect(parent!.posted).toEqual([])
      await screen.findByRole('link', { name: 'Go to your account' })
      return
    case 'embedded.idle':
      await waitFor(() => expect(postedTypes()[0]).toBe('ready'))
      if (step.event.type === 'page.visited') return expectPageVisit()
      if (step.event.type === 'session.loggedOut') {
        await UI.expectSignInScreen(history)
        expect(postedTypes().filter((type) => type === 'login')).toHaveLength(1)
      }
      if (step.event.type === 'parent.pinged')
        expect(postedTypes().filter((type) => type === 'ready')).toHaveLength(2)
      if (step.event.type === 'password.resetCompleted')
        expect(postedTypes().at(-1)).toBe('resetPasswordComplete')
      return
    case 'embedded.issuingParentToken':
    case 'embedded.loggingOut':
      if (step.event.type === 'page.visited') return expectPageVisit()
      await screen.findByRole('heading', { name: 'Finishing your registration…' })
      expect(postedTypes()).not.toContain('registrationComplete')
      return
    case 'embedded.completionFailed':
      if (step.event.type === 'page.visited') return expectPageVisit()
      await screen.findByText('Your account could not be opened in the admin application.')
      expect(postedTypes()).not.toContain('registrationComplete')
      return
    case 'embedded.completed': {
      if (step.event.type === 'page.visited') return expectPageVisit()
      await screen.findByText('Your account is opening in the admin application.')
      await waitFor(() => expect(postedTypes()).toContain('registrationComplete'))
      const message = parent!.posted.find((post) => post.message.type === 'registrationComplete')!.message
      expect(message.payload).toEqual({
        token: parentToken,
        user: completion.user,
        company: completion.company,
        progress: completion.progress,
        isIndividual: false,
      })
      // The frame forgot its own session before it posted, unless the server never answered the logout.
      if (step.event.type === 'xstate.done.actor.logoutFrameSession')
        expect(UI.accessTokenCookie()).toBeNull()
      return
    }
    case 'embedded.redirecting': {
      if (step.event.type === 'page.visited') return expectPageVisit()
      await waitFor(() => expect(postedTypes()).toContain('redirect'))
      const { location } = lastOf('redirect')!.payload as { location: string }
      const expected = (step.event as { location?: string }).location ?? '/cabinet/info'
      expect(location).toBe(expected)
      if (history.location.pathname === completionPath) {
        const link = await screen.findByRole('link', { name: 'open it here' })
        // The fallback opens this app's own signed-in home, a page it serves, in the visitor's language.
        expect(link.getAttribute('href')).toBe(`${window.location.origin}/en`)
        expect(link.getAttribute('target')).toBe('_top')
      }
      return
    }
    default:
      throw new Error(`No screen expectation for ${step.state}`)
  }

  async function expectPageVisit() {
    await waitFor(() =>
      expect(lastOf('webPageVisit')?.payload).toEqual({
        path: '/en/onboarding/complete/99',
        registrationId: 99,
      }),
    )
  }
}

describe('embedded screens, model-based', () => {
  const screens = createScreenReplay(embeddedMachine, {
    history: () => app?.history,
    urlEvents: ['page.visited'],
  })

  for (const path of model.paths) {
    it(path.description, async () => {
      api = createFakeApi()
      gates = {
        config: createGate('get', '/embedding/config'),
        parentToken: createGate('post', '/embedding/parent_token'),
      }
      server.use(...api.handlers, gates.config.handler, gates.parentToken.handler)
      // Paths that wait out a time-out run on a clock the test moves; it still runs in real time otherwise.
      const timed = path.steps.some((step) =>
        /redirectTimeout|error\.actor\.logoutFrameSession/.test(step.event.type),
      )
      if (timed) useJourneyClock()
      await screens.replay(path, async (step) => {
        await playStep(step)
      })
    })
  }

  it('covers every state and transition', () => {
    assertFullCoverage(embeddedMachine, screens.walked)
  })
})
