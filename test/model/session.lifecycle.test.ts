import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ErrorCode } from '../../contract/error-codes'
import { screenMetaOf } from '../../machines/route-meta'
import { sessionMachine } from '../../machines/session'
import { refreshedUser, restoredUser, sessionAfter, signedInUser } from './session.model'

const restoreDone = { type: 'xstate.done.actor.restoreSession', output: restoredUser }
const restoreExpired = {
  type: 'xstate.error.actor.restoreSession',
  error: { status: 401, code: ErrorCode.tokenExpiredOrRateLimited },
}
const refreshFailed = { type: 'xstate.error.actor.refreshToken', error: new Error('refresh token reused') }
const started = (returnTo?: string | null) => ({ type: 'session.started', user: signedInUser, returnTo })
const signedOutScreen = { route: '/signin', area: 'public', history: 'replace' }
const clearTokens = { type: 'clearTokens', params: undefined }
const showAuthorizationError = { type: 'showAuthorizationError', params: undefined }

describe('session restoring', () => {
  it('starts with nobody signed in and no screen of its own', async () => {
    const run = await sessionAfter()
    const snapshot = run.actor.getSnapshot()
    expect(snapshot.value).toBe('restoring')
    expect(snapshot.context).toEqual({ user: null, returnTo: null, endedBy: null })
    expect(screenMetaOf(snapshot)).toBeUndefined()
  })

  it('opens the signed-in area, in place of the current history entry, for a stored session', async () => {
    const run = await sessionAfter(restoreDone)
    const snapshot = run.actor.getSnapshot()
    expect(snapshot.value).toBe('valid')
    expect(snapshot.context).toEqual({ user: restoredUser, returnTo: null, endedBy: null })
    expect(screenMetaOf(snapshot)).toEqual({ route: '$returnTo', area: 'private', history: 'replace' })
  })

  it('refreshes a stored session whose access token has expired (401 with 1001)', async () => {
    const run = await sessionAfter(restoreExpired)
    expect(run.actor.getSnapshot().value).toBe('refreshing')
    expect(run.actor.getSnapshot().getMeta()).toEqual({ 'session.refreshing': { area: 'private' } })
    await run.perform({ type: 'xstate.done.actor.refreshToken', output: refreshedUser })
    expect(run.actor.getSnapshot().value).toBe('valid')
    expect(run.actor.getSnapshot().context.user).toEqual(refreshedUser)
  })

  it.each([
    ['an invalid token (401 with 1002)', { status: 401, code: ErrorCode.tokenInvalid }],
    ['an expiry code with another status', { status: 429, code: ErrorCode.tokenExpiredOrRateLimited }],
    ['no reply', new TypeError('Failed to fetch')],
  ])('goes to sign-in quietly for %s', async (_name, error) => {
    const run = await sessionAfter({ type: 'xstate.error.actor.restoreSession', error })
    const snapshot = run.actor.getSnapshot()
    expect(snapshot.value).toBe('signedOut')
    expect(screenMetaOf(snapshot)).toEqual(signedOutScreen)
    expect(snapshot.context).toEqual({ user: null, returnTo: null, endedBy: null })
    expect(run.takeObservation().actions).toEqual([])
  })

  it('goes to sign-in, clearing the tokens but explaining nothing, when the expired session cannot be renewed', async () => {
    const run = await sessionAfter(restoreExpired)
    run.takeObservation()
    await run.perform(refreshFailed)
    const snapshot = run.actor.getSnapshot()
    expect(snapshot.value).toBe('signedOut')
    expect(snapshot.context).toEqual({ user: null, returnTo: null, endedBy: null })
    expect(run.takeObservation().actions).toEqual([clearTokens])
  })
})

describe('session sign-in and sign-out', () => {
  it('starts a session for the signed-in user and keeps the page asked for', async () => {
    const run = await sessionAfter(
      { type: 'xstate.error.actor.restoreSession', error: null },
      started('/en/x'),
    )
    expect(run.actor.getSnapshot().value).toBe('valid')
    expect(run.actor.getSnapshot().context).toEqual({ user: signedInUser, returnTo: '/en/x', endedBy: null })
  })

  it('opens home (returnTo null) when the sign-in asked for no page', async () => {
    const run = await sessionAfter({ type: 'xstate.error.actor.restoreSession', error: null }, started())
    expect(run.actor.getSnapshot().context.returnTo).toBeNull()
  })

  it.each([
    ['answers', { type: 'xstate.done.actor.endSession', output: undefined }],
    ['fails', { type: 'xstate.error.actor.endSession', error: new Error('network down') }],
  ])('signs out at the user’s request, clearing the tokens whether the server %s', async (_name, answer) => {
    const run = await sessionAfter(restoreDone, { type: 'session.ended' })
    expect(run.actor.getSnapshot().value).toBe('signingOut')
    expect(run.deferred.calls.at(-1)?.id).toBe('endSession')
    run.takeObservation()
    await run.perform(answer)
    const snapshot = run.actor.getSnapshot()
    expect(snapshot.value).toBe('signedOut')
    expect(snapshot.context).toEqual({ user: null, returnTo: null, endedBy: 'user' })
    expect(run.takeObservation().actions).toEqual([clearTokens])
  })

  it('forgets the page asked for when the user signs out, and the reason once they sign in again', async () => {
    const run = await sessionAfter(
      { type: 'xstate.error.actor.restoreSession', error: null },
      started('/en/x'),
      { type: 'session.ended' },
    )
    expect(run.actor.getSnapshot().context.returnTo).toBeNull()
    await run.perform({ type: 'xstate.done.actor.endSession', output: undefined })
    await run.perform(started())
    expect(run.actor.getSnapshot().context).toEqual({ user: signedInUser, returnTo: null, endedBy: null })
  })
})

describe('session token trouble', () => {
  it('signs out with the authorization error when the token is invalid', async () => {
    const run = await sessionAfter(restoreDone)
    run.takeObservation()
    await run.perform({ type: 'token.invalid' })
    const snapshot = run.actor.getSnapshot()
    expect(snapshot.value).toBe('signedOut')
    expect(snapshot.context).toEqual({ user: null, returnTo: null, endedBy: 'expiry' })
    expect(run.takeObservation().actions).toEqual([clearTokens, showAuthorizationError])
  })

  it('signs out with the authorization error when a session in use cannot be refreshed', async () => {
    const run = await sessionAfter(restoreDone, { type: 'token.expired' })
    expect(run.actor.getSnapshot().value).toBe('refreshing')
    run.takeObservation()
    await run.perform(refreshFailed)
    expect(run.actor.getSnapshot().context).toEqual({ user: null, returnTo: null, endedBy: 'expiry' })
    expect(run.takeObservation().actions).toEqual([clearTokens, showAuthorizationError])
  })

  it('ignores token reports while nobody is signed in', async () => {
    const run = await sessionAfter({ type: 'xstate.error.actor.restoreSession', error: null })
    await run.perform({ type: 'token.expired' })
    await run.perform({ type: 'token.invalid' })
    expect(run.actor.getSnapshot().value).toBe('signedOut')
    expect(run.takeObservation().actions).toEqual([])
  })
})

describe('session without the app’s calls', () => {
  it('goes to sign-in: the machine’s own restoreSession finds no session', async () => {
    const actor = createActor(sessionMachine).start()
    const snapshot = await waitFor(actor, (state) => state.value !== 'restoring', { timeout: 2000 })
    expect(snapshot.value).toBe('signedOut')
  })

  it('ends a session in use when its refresh cannot run', async () => {
    const restoring = sessionMachine.provide({
      actors: { restoreSession: fromPromise(async () => restoredUser) },
    })
    const actor = createActor(restoring).start()
    await waitFor(actor, (state) => state.value === 'valid', { timeout: 2000 })
    actor.send({ type: 'token.expired' })
    const snapshot = await waitFor(actor, (state) => state.value !== 'refreshing', { timeout: 2000 })
    expect(snapshot.value).toBe('signedOut')
    expect(snapshot.context.endedBy).toBe('expiry')
  })
})
