import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor as waitUntil, type AnyActorRef } from 'xstate'
import { callFailureOf } from '../../machines/call-failure'
import { screenMetaOf } from '../../machines/route-meta'
import type { ConfirmationSession } from '../../machines/auth-flow-types'
import { twoFactorMachine } from '../../machines/two-factor'
import {
  failures,
  loginSession,
  recoveryCodes,
  restored,
  setupSession,
  tokenPair,
  totpSetup,
  twoFactorAfter,
} from './two-factor.model'

/** Waits at most two seconds: a wrong machine may never get there. */
const waitFor = <T extends AnyActorRef>(actor: T, predicate: Parameters<typeof waitUntil<T>>[1]) =>
  waitUntil(actor, predicate, { timeout: 2000 })

const submitted = { type: 'code.submitted', code: ' 654321 ' }
const loaded = { type: 'xstate.done.actor.loadTotpSetup', output: totpSetup }
const confirmFailed = (error: unknown) => ({ type: 'xstate.error.actor.confirmTotp', error })
const confirmed = (output: unknown) => ({ type: 'xstate.done.actor.confirmTotp', output })
const signedInWithCodes = { ...tokenPair, redirect_url: '/en/settings', recovery_codes: recoveryCodes }

describe('twoFactor restoring', () => {
  it.each([
    ['no session is stored', restored(null)],
    [
      'the stored session cannot be read',
      { type: 'xstate.error.actor.restoreSession', error: new Error('x') },
    ],
  ])('sends the user back to sign-in, replacing the history entry, when %s', async (_name, event) => {
    const run = await twoFactorAfter(event)
    const snapshot = run.actor.getSnapshot()
    expect(snapshot.value).toBe('noSession')
    expect(snapshot.status).toBe('done')
    expect(screenMetaOf(snapshot)).toEqual({ route: '/signin', area: 'public', history: 'replace' })
    expect(snapshot.context.session).toBeNull()
  })

  it('starts on /signin/2fa while the stored session is read', async () => {
    const run = await twoFactorAfter()
    expect(run.actor.getSnapshot().value).toBe('restoring')
    expect(screenMetaOf(run.actor.getSnapshot())).toEqual({ route: '/signin/2fa', area: 'public' })
    expect(run.actor.getSnapshot().context).toEqual({
      session: null,
      secondsLeft: 0,
      failure: null,
      setup: null,
      signedIn: null,
    })
  })

  it('goes to sign-in when the app stores no session at all (the machine’s own restoreSession)', async () => {
    const actor = createActor(twoFactorMachine).start()
    const snapshot = await waitFor(actor, (state) => state.status === 'done')
    expect(snapshot.value).toBe('noSession')
  })
})

describe('twoFactor authenticator set-up', () => {
  it('loads the secret and QR code for the set-up session', async () => {
    const run = await twoFactorAfter(restored(setupSession))
    expect(run.actor.getSnapshot().value).toEqual({ setup: 'loading' })
    expect(run.actor.getSnapshot().context.session).toEqual(setupSession)
    expect(run.deferred.calls.at(-1)).toMatchObject({
      id: 'loadTotpSetup',
      input: { uuid: setupSession.uuid },
    })

    await run.perform(loaded)
    expect(run.actor.getSnapshot().value).toEqual({ setup: 'showing' })
    expect(run.actor.getSnapshot().context.setup).toEqual(totpSetup)
    expect(screenMetaOf(run.actor.getSnapshot())?.route).toBe('/signin/2fa')
  })

  it('ends, forgetting the stored session, when the set-up cannot be loaded', async () => {
    const run = await twoFactorAfter(restored(setupSession))
    run.takeObservation()
    await run.perform({ type: 'xstate.error.actor.loadTotpSetup', error: failures.ended })
    expect(run.actor.getSnapshot().value).toBe('ended')
    expect(run.takeObservation().actions).toEqual([{ type: 'forgetSession', params: undefined }])
  })

  it('confirms the trimmed code with the set-up session, clearing the last failure meanwhile', async () => {
    const run = await twoFactorAfter(
      restored(setupSession),
      loaded,
      submitted,
      confirmFailed(failures.invalid),
    )
    expect(run.deferred.calls.at(-1)).toMatchObject({
      id: 'confirmTotp',
      input: { uuid: setupSession.uuid, code: '654321' },
    })
    expect(run.actor.getSnapshot().value).toEqual({ setup: 'showing' })
    expect(run.actor.getSnapshot().context.failure).toEqual(callFailureOf(failures.invalid))

    await run.perform(submitted)
    expect(run.actor.getSnapshot().value).toEqual({ setup: 'confirming' })
    expect(run.actor.getSnapshot().context.failure).toBeNull()
  })

  it.each([
    ['out of attempts (2002)', failures.exhausted],
    ['gone (410)', failures.ended],
  ])('ends, forgetting the stored session, when the set-up session is %s', async (_name, error) => {
    const run = await twoFactorAfter(restored(setupSession), loaded, submitted)
    run.takeObservation()
    await run.perform(confirmFailed(error))
    expect(run.actor.getSnapshot().value).toBe('ended')
    expect(run.takeObservation().actions).toEqual([{ type: 'forgetSession', params: undefined }])
  })

  it('shows the recovery codes before signing in, and signs in once they are acknowledged', async () => {
    const run = await twoFactorAfter(restored(setupSession), loaded, submitted)
    run.takeObservation()
    await run.perform(confirmed(signedInWithCodes))
    expect(run.actor.getSnapshot().value).toEqual({ setup: 'recoveryCodes' })
    expect(run.actor.getSnapshot().context.signedIn).toEqual(signedInWithCodes)
    // The stored session is used up, but nobody is signed in until the codes were seen.
    expect(run.takeObservation().actions).toEqual([{ type: 'forgetSession', params: undefined }])

    await run.perform({ type: 'codes.acknowledged' })
    expect(run.actor.getSnapshot().value).toBe('signedIn')
    expect(run.actor.getSnapshot().status).toBe('done')
    expect(run.takeObservation().actions).toEqual([
      { type: 'finishSignIn', params: { pair: signedInWithCodes, redirectTo: '/en/settings' } },
    ])
  })

  it('ignores the code step’s refresh during the set-up', async () => {
    const run = await twoFactorAfter(restored(setupSession), loaded, { type: 'session.refresh' })
    expect(run.actor.getSnapshot().value).toEqual({ setup: 'showing' })
  })
})

describe('twoFactor without the app’s calls', () => {
  // The machine's own placeholders must fail, never answer as if the server had agreed.
  const withStoredSession = (session: ConfirmationSession) =>
    twoFactorMachine.provide({
      actors: { restoreSession: fromPromise<ConfirmationSession | null>(async () => session) },
    })

  it('fails the code check locally, without signing in', async () => {
    const actor = createActor(withStoredSession(loginSession)).start()
    await waitFor(actor, (state) => state.matches({ code: 'entering' }))
    actor.send({ type: 'code.submitted', code: '123456' })
    const snapshot = await waitFor(actor, (state) => state.context.failure !== null)
    expect(snapshot.value).toEqual({ code: 'entering' })
    expect(snapshot.context.failure).toMatchObject({ status: 0, isRequestError: false })
  })

  it('fails the refresh locally', async () => {
    const actor = createActor(withStoredSession({ ...loginSession, refresh_ttl_sec: 0 })).start()
    await waitFor(actor, (state) => state.matches({ code: 'entering' }))
    actor.send({ type: 'session.refresh' })
    const snapshot = await waitFor(actor, (state) => state.context.failure !== null)
    expect(snapshot.value).toEqual({ code: 'entering' })
    expect(snapshot.context.failure).toMatchObject({ status: 0 })
  })

  it('ends the set-up when the secret cannot be loaded', async () => {
    const actor = createActor(withStoredSession(setupSession)).start()
    const snapshot = await waitFor(actor, (state) => state.status === 'done')
    expect(snapshot.value).toBe('ended')
  })

  it('fails the set-up confirmation locally', async () => {
    const actor = createActor(
      withStoredSession(setupSession).provide({
        actors: { loadTotpSetup: fromPromise(async () => totpSetup) },
      }),
    ).start()
    await waitFor(actor, (state) => state.matches({ setup: 'showing' }))
    actor.send({ type: 'code.submitted', code: '123456' })
    const snapshot = await waitFor(actor, (state) => state.context.failure !== null)
    expect(snapshot.value).toEqual({ setup: 'showing' })
    expect(snapshot.context.failure).toMatchObject({ status: 0 })
  })
})
