import { cleanup, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import {
  machine as sessionMachine,
  modelOptions,
  refreshedUser,
  restoredUser,
  signedInUser,
} from './session.model'
import { ErrorCode } from '../../contract/error-codes'
import { writeCookie } from '../../src/api/cookies'
import { assertFullCoverage, createMachineModel, stateKeyOf, type ModelStep } from '../support/model-coverage'
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
import { seenRequests, useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies, UI } from '../support/ui-drivers'
import { createScreenReplay } from '../support/ui-model-replay'

// The same event cases as session.machine.test.ts, so both levels walk the same generated paths.
const model = createMachineModel(sessionMachine, modelOptions)

// The users the server answers with; the model's users stand for them.
const usersOnScreen = {
  restored: { ...anna, id: restoredUser.id, name: restoredUser.name },
  signedIn: { ...anna, id: signedInUser.id, name: signedInUser.name },
  refreshed: { ...anna, id: refreshedUser.id, name: refreshedUser.name },
}

const authorizationError = 'An authorization error has occurred'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined

afterEach(async () => {
  await UI.dismissErrorModal()
  cleanup()
  app?.session.stop()
  api?.release()
  clearAppCookies()
  app = undefined
  api = undefined
})

/** What the replay of one path remembers between steps: the user shown and the company the user opened. */
interface Shown {
  userName: string
  company: string
  /** Where the company is shown: the home, or the company's own workspace address once picked. */
  path: string
}

const refreshRequests = () => seenRequests.filter((request) => request.path === '/api/v1/jwt/refresh')

/** Acts out one model step on the screen and checks what the user sees in the step's state. */
/** The user's own history entries in a step: a revoked token is found by following a link, which is one. */
const entriesAddedBy = (step: ModelStep) => (step.event.type === 'token.invalid' ? 1 : 0)

async function playStep(step: ModelStep, shown: Shown) {
  const { event } = step
  const fakeApi = api!
  const history = () => app!.history

  switch (event.type) {
    case 'xstate.init': {
      // A returning visitor: the stored token makes the app ask the server who it belongs to.
      writeCookie('access_token', fakeApi.issue('token-1'))
      app = renderApp('/en')
      const request = await fakeApi.session.next()
      expect(request.authorization).toBe('Bearer token-1')
      break
    }
    case 'xstate.done.actor.restoreSession': {
      await fakeApi.session.answer(
        ok({ session_id: 's-1', user: usersOnScreen.restored, expires_at: '2030-01-01T00:00:00Z' }),
      )
      shown.userName = restoredUser.name
      break
    }
    case 'xstate.error.actor.restoreSession': {
      const { code } = (event as unknown as { error: { code: number } }).error
      if (code === ErrorCode.tokenExpiredOrRateLimited) {
        // The token has run out: the server says 1001, and the app tries the refresh token.
        fakeApi.expire('token-1')
        await fakeApi.session.answer(
          fail(401, { message: 'Token expired' }, ErrorCode.tokenExpiredOrRateLimited),
        )
        await fakeApi.refresh.next()
      } else {
        fakeApi.revoke('token-1')
        await fakeApi.session.answer(fail(401, { message: 'Unauthorized' }, ErrorCode.tokenInvalid))
        expect(UI.errorModalOpen()).toBe(false)
      }
      break
    }
    case 'session.started': {
      fakeApi.issue('token-2')
      await UI.fillCredentials('anna@example.com', 'secret')
      await UI.submit()
      await fakeApi.signIn.answer(ok(tokenPair('token-2', usersOnScreen.signedIn)))
      shown.userName = signedInUser.name
      break
    }
    case 'token.expired': {
      // The token runs out while the user works: the next read answers 1001 and starts one refresh.
      fakeApi.expire(UI.accessTokenCookie()!)
      await UI.clickLink(salonTwo.title)
      shown.company = salonTwo.title
      shown.path = `/en/company/${salonTwo.id}`
      await fakeApi.refresh.next()
      break
    }
    case 'token.invalid': {
      // A revoked token (1002) cannot be refreshed: the session is over.
      fakeApi.revoke(UI.accessTokenCookie()!)
      // Following the link is the user's own history entry (see entriesAddedBy).
      await UI.clickLink(salonTwo.title)
      break
    }
    case 'session.ended': {
      await UI.clickButton('Sign out')
      await fakeApi.logout.next()
      break
    }
    case 'xstate.done.actor.refreshToken': {
      fakeApi.issue('token-3')
      await fakeApi.refresh.answer(ok(tokenPair('token-3', usersOnScreen.refreshed)))
      shown.userName = refreshedUser.name
      break
    }
    case 'xstate.error.actor.refreshToken': {
      await fakeApi.refresh.answer(fail(401, { message: 'Refresh token reused' }, ErrorCode.tokenInvalid))
      break
    }
    case 'xstate.done.actor.endSession': {
      await fakeApi.logout.answer(ok(null))
      break
    }
    case 'xstate.error.actor.endSession': {
      await fakeApi.logout.answer(HttpResponse.error())
      break
    }
    default:
      throw new Error(`No screen driver for ${event.type}`)
  }

  // The app's own session actor is where the model says.
  await waitFor(() => expect(stateKeyOf(app!.session.getSnapshot().value)).toBe(step.state))

  switch (step.state) {
    case 'restoring':
      expect(step.route).toBeUndefined()
      await UI.expectRestoring()
      return
    case 'refreshing':
      // The screen stays as it was; exactly one refresh is on its way however many reads failed.
      expect(step.route).toBeUndefined()
      expect(fakeApi.refresh.count).toBe(1)
      return
    case 'signingOut':
      expect(step.route).toBeUndefined()
      expect(history().location.pathname).toBe('/en')
      return
    case 'valid':
      expect(step.route).toBe('$returnTo')
      await UI.expectHome(history(), shown, shown.path)
      expect(refreshRequests().length).toBeLessThanOrEqual(1)
      if (event.type === 'xstate.done.actor.refreshToken') {
        // The read that met the expired token went out again with the new one.
        const reads = seenRequests.filter((request) => request.path.startsWith('/api/v1/compan'))
        expect(reads.at(-1)?.authorization).toBe('Bearer token-3')
        expect(UI.accessTokenCookie()).toBe('token-3')
      }
      return
    case 'signedOut':
      expect(step.route).toBe('/signin')
      await UI.expectSignInScreen(history())
      if (event.type === 'token.invalid' || event.type === 'xstate.error.actor.refreshToken') {
        // A session the user was working in is explained; one found expired when the app opened just ends.
        if (app!.session.getSnapshot().context.endedBy === 'expiry')
          await UI.expectErrorModal(authorizationError)
        else expect(UI.errorModalOpen()).toBe(false)
        expect(UI.accessTokenCookie()).toBeNull()
      }
      if (event.type.startsWith('xstate.') && event.type.endsWith('.endSession')) {
        // Signing out forgets the token on this device whatever the server answered.
        expect(UI.accessTokenCookie()).toBeNull()
        expect(UI.errorModalOpen()).toBe(false)
      }
      return
    default:
      throw new Error(`No screen expectation for ${step.state}`)
  }
}

describe('session screens, model-based', () => {
  const screens = createScreenReplay(sessionMachine, { history: () => app?.history })

  for (const path of model.paths) {
    it(path.description, async () => {
      api = createFakeApi()
      server.use(...api.handlers)
      const shown: Shown = { userName: '', company: salonOne.title, path: '/en' }
      await screens.replay(path, async (step) => {
        await playStep(step, shown)
        return { entriesAdded: entriesAddedBy(step) }
      })
    })
  }

  it('shows sign-in at once, without a request, to a visitor without a stored token', async () => {
    api = createFakeApi()
    server.use(...api.handlers)
    app = renderApp('/en')
    await UI.expectSignInScreen(app.history)
    expect(app.session.getSnapshot().value).toBe('signedOut')
    // The sign-in screen's own lists (remembered accounts, last invite) are not session requests.
    const screenLists = ['/analytics/events', '/auth/fast_login_users', '/invites/last']
    expect(
      seenRequests.filter((request) => !screenLists.some((path) => request.path.endsWith(path))),
    ).toEqual([])
  })

  it('covers every state and transition', () => {
    assertFullCoverage(sessionMachine, screens.walked)
  })
})
