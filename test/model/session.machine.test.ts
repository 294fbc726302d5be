import { describe, expect, it } from 'vitest'
import { sessionMachine, type SessionUser } from '../../machines/session'
import { startModelActor } from '../support/model-actor-run'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'

const restoredUser: SessionUser = { id: 1, name: 'Restored' }
const signedInUser: SessionUser = { id: 2, name: 'Signed in' }
const refreshedUser: SessionUser = { id: 3, name: 'Refreshed' }

const model = createMachineModel(sessionMachine, {
  events: {
    'xstate.done.actor.restoreSession': [{ output: restoredUser }],
    'xstate.error.actor.restoreSession': [{ error: { expired: true } }, { error: { expired: false } }],
    'session.started': [{ user: signedInUser }],
    'token.expired': [{}],
    'token.invalid': [{}],
    'session.ended': [{}],
    'xstate.done.actor.refreshToken': [{ output: refreshedUser }],
    'xstate.error.actor.refreshToken': [{ error: new Error('refresh token reused') }],
    'xstate.done.actor.endSession': [{ output: undefined }],
    'xstate.error.actor.endSession': [{ error: new Error('network down') }],
  },
})

// restoring, refreshing and signingOut keep whatever screen is showing; only settled states navigate.
const routeOf: Record<string, string | undefined> = {
  restoring: undefined,
  signedOut: '/signin',
  valid: '/',
  refreshing: undefined,
  signingOut: undefined,
}

const loggedOutWithError = [
  { type: 'clearTokens', params: undefined },
  { type: 'showAuthorizationError', params: undefined },
]

/** The app-visible effects of each step: the actions the app runs and the user it keeps. */
function expectObservable(step: WalkedStep) {
  expect(step.route).toBe(routeOf[step.state])
  const { user } = step.snapshot.context
  switch (step.event.type) {
    case 'token.invalid':
    case 'xstate.error.actor.refreshToken':
      // An unusable session is cleared and explained, passing through `invalid` on the way out.
      expect(step.passedThrough).toEqual(['invalid', 'signedOut'])
      expect(step.actions).toEqual(loggedOutWithError)
      expect(user).toBeNull()
      return
    case 'xstate.done.actor.endSession':
    case 'xstate.error.actor.endSession':
      // The device forgets its tokens whatever the server answered.
      expect(step.state).toBe('signedOut')
      expect(step.actions).toEqual([{ type: 'clearTokens', params: undefined }])
      expect(user).toBeNull()
      return
    case 'xstate.done.actor.restoreSession':
      expect(user).toEqual(restoredUser)
      break
    case 'session.started':
      expect(user).toEqual(signedInUser)
      break
    case 'xstate.done.actor.refreshToken':
      expect(user).toEqual(refreshedUser)
      break
    case 'xstate.error.actor.restoreSession':
      expect(step.state).toBe(step.event.error.expired ? 'refreshing' : 'signedOut')
      break
  }
  expect(step.actions).toEqual([])
  if (step.state === 'signedOut') expect(user).toBeNull()
  if (step.state === 'refreshing') expect(step.started.map((call) => call.id)).toEqual(['refreshToken'])
}

describe('session machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, () => model.walk(path, expectObservable))
  }

  it('refreshes exactly once when several requests find the token expired', async () => {
    const run = startModelActor(sessionMachine)
    await run.perform({ type: 'xstate.init' })
    await run.perform({ type: 'xstate.done.actor.restoreSession', output: restoredUser })
    for (let request = 0; request < 3; request += 1) await run.perform({ type: 'token.expired' })

    expect(run.actor.getSnapshot().value).toBe('refreshing')
    expect(run.deferred.calls.filter((call) => call.src === 'refreshToken')).toHaveLength(1)

    await run.perform({ type: 'xstate.done.actor.refreshToken', output: refreshedUser })
    expect(run.actor.getSnapshot().value).toBe('valid')
    expect(run.actor.getSnapshot().context.user).toEqual(refreshedUser)
    run.actor.stop()
  })

  it('covers every state and transition', () => {
    assertFullCoverage(sessionMachine, model.walked)
  })
})
