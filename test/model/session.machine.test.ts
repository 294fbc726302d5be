import { describe, expect, it } from 'vitest'
import { ErrorCode } from '../../contract/error-codes'
import { startModelActor } from '../support/model-actor-run'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import {
  machine as sessionMachine,
  modelOptions,
  refreshedUser,
  restoredUser,
  signedInUser,
} from './session.model'
import { writeWalkRecord } from '../support/walk-record-writer'

const model = createMachineModel(sessionMachine, modelOptions)

// restoring, refreshing and signingOut keep whatever screen is showing; only settled states navigate.
const routeOf: Record<string, string | undefined> = {
  restoring: undefined,
  signedOut: '/signin',
  // The page asked for before sign-in (kept in context), or home: see the returnTo test below.
  valid: '$returnTo',
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
    case 'xstate.error.actor.refreshToken':
    case 'token.invalid':
      if (
        step.event.type === 'xstate.error.actor.refreshToken' &&
        step.snapshot.context.endedBy !== 'expiry'
      ) {
        // A session found expired when the app opened and not renewable just leads to sign-in, unexplained.
        expect(step.passedThrough).not.toContain('invalid')
        expect(step.state).toBe('signedOut')
        expect(step.actions).toEqual([{ type: 'clearTokens', params: undefined }])
        expect(user).toBeNull()
        return
      }
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
      expect(step.state).toBe(
        step.event.error.code === ErrorCode.tokenExpiredOrRateLimited ? 'refreshing' : 'signedOut',
      )
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
    // The record is written first, so that a shortfall is still reported.
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(sessionMachine, model.walked)
  })
})
