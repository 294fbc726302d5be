import { describe, expect, it } from 'vitest'
import { callFailureOf } from '../../machines/call-failure'
import { screenMetaOf } from '../../machines/route-meta'
import {
  failures,
  loginSession,
  redirectedPair,
  refreshedSession,
  restored,
  twoFactorAfter,
} from './two-factor.model'

/** A session whose refresh countdown runs three seconds, so that the ticks in between can be seen. */
const slowSession = { ...loginSession, refresh_ttl_sec: 3 }
const tick = { type: 'xstate.after.1000.twoFactor.code.entering' }
const submitted = { type: 'code.submitted', code: ' 123456 ' }
const verifyFailed = (error: unknown) => ({ type: 'xstate.error.actor.verifyCode', error })
const verified = (output: unknown) => ({ type: 'xstate.done.actor.verifyCode', output })

describe('twoFactor code step', () => {
  it('shows the restored session on /signin/2fa and counts its refresh_ttl_sec down to 0, once a second', async () => {
    const run = await twoFactorAfter(restored(slowSession))
    const snapshot = () => run.actor.getSnapshot()
    expect(snapshot().value).toEqual({ code: 'entering' })
    expect(snapshot().context.session).toEqual(slowSession)
    expect(screenMetaOf(snapshot())).toEqual({ route: '/signin/2fa', area: 'public' })

    const seen = [snapshot().context.secondsLeft]
    for (let second = 0; second < 4; second += 1) {
      await run.perform(tick)
      seen.push(snapshot().context.secondsLeft)
    }
    expect(seen).toEqual([3, 2, 1, 0, 0])
    expect(snapshot().value).toEqual({ code: 'entering' })
  })

  it('refuses a new session while the countdown runs and asks for one for the same session at 0', async () => {
    const run = await twoFactorAfter(restored(slowSession), tick, tick, { type: 'session.refresh' })
    expect(run.actor.getSnapshot().value).toEqual({ code: 'entering' })
    expect(run.deferred.calls.map((call) => call.id)).toEqual(['restoreSession'])

    await run.perform(tick)
    await run.perform({ type: 'session.refresh' })
    expect(run.actor.getSnapshot().value).toEqual({ code: 'refreshing' })
    expect(run.deferred.calls.at(-1)).toMatchObject({
      id: 'refreshSession',
      input: { uuid: slowSession.uuid },
    })
  })

  it('takes the refreshed session and restarts the countdown from its refresh_ttl_sec', async () => {
    const fresh = { ...refreshedSession, refresh_ttl_sec: 30 }
    const run = await twoFactorAfter(restored(loginSession), tick, { type: 'session.refresh' })
    await run.perform({
      type: 'xstate.done.actor.refreshSession',
      output: { login_confirmation_session: fresh },
    })
    expect(run.actor.getSnapshot().value).toEqual({ code: 'entering' })
    expect(run.actor.getSnapshot().context).toMatchObject({ session: fresh, secondsLeft: 30 })
  })

  it('sends the trimmed code with the session uuid, and clears the last failure while it is checked', async () => {
    const run = await twoFactorAfter(restored(loginSession), submitted, verifyFailed(failures.invalid))
    expect(run.deferred.calls.at(-1)).toMatchObject({
      id: 'verifyCode',
      input: { uuid: loginSession.uuid, code: '123456' },
    })
    await run.perform({ type: 'code.submitted', code: '654321' })
    expect(run.actor.getSnapshot().value).toEqual({ code: 'verifying' })
    expect(run.actor.getSnapshot().context.failure).toBeNull()
    expect(run.deferred.calls.at(-1)?.input).toEqual({ uuid: loginSession.uuid, code: '654321' })
  })

  it('shows a wrong code’s failure and the attempts left, keeping the rest of the session', async () => {
    const run = await twoFactorAfter(restored(loginSession), submitted, verifyFailed(failures.invalid))
    const { context, value } = run.actor.getSnapshot()
    expect(value).toEqual({ code: 'entering' })
    expect(context.failure).toEqual(callFailureOf(failures.invalid))
    expect(context.session).toEqual({ ...loginSession, attempts_left: 4 })
    // A refused code is a failed sign-in for analytics (SPEC.md section 8).
    expect(run.takeObservation().actions).toEqual([
      { type: 'reportFailure', params: { failureClass: 'two_factor' } },
    ])
  })

  it('keeps the session as it was when a failure carries no attempts_left', async () => {
    const offline = { status: 0, isRequestError: true, message: 'No connection' }
    const run = await twoFactorAfter(restored(loginSession), submitted, verifyFailed(offline))
    const { context, value } = run.actor.getSnapshot()
    expect(value).toEqual({ code: 'entering' })
    expect(context.session).toEqual(loginSession)
    expect(context.failure).toEqual(callFailureOf(offline))
  })

  it('ends, forgetting the stored session, when the session is gone (410)', async () => {
    const run = await twoFactorAfter(restored(loginSession), submitted)
    run.takeObservation()
    await run.perform(verifyFailed(failures.ended))
    expect(run.actor.getSnapshot().value).toBe('ended')
    expect(run.actor.getSnapshot().status).toBe('done')
    expect(screenMetaOf(run.actor.getSnapshot())?.route).toBe('/signin/2fa')
    expect(run.takeObservation().actions).toEqual([
      { type: 'reportFailure', params: { failureClass: 'network' } },
      { type: 'forgetSession', params: undefined },
    ])
  })

  it('continues with the next session a continued step answers, without signing in', async () => {
    const next = { ...refreshedSession, refresh_ttl_sec: 45, attempts_left: 3 }
    const run = await twoFactorAfter(restored(loginSession), tick, submitted)
    run.takeObservation()
    await run.perform(verified({ login_confirmation_session: next }))
    expect(run.actor.getSnapshot().value).toEqual({ code: 'entering' })
    expect(run.actor.getSnapshot().context).toMatchObject({ session: next, secondsLeft: 45 })
    expect(run.takeObservation().actions).toEqual([])
  })

  it('signs in with the tokens, after forgetting the stored session', async () => {
    const run = await twoFactorAfter(restored(loginSession), submitted)
    run.takeObservation()
    await run.perform(verified(redirectedPair))
    expect(run.actor.getSnapshot().value).toBe('signedIn')
    expect(run.actor.getSnapshot().status).toBe('done')
    expect(run.takeObservation().actions).toEqual([
      { type: 'forgetSession', params: undefined },
      { type: 'finishSignIn', params: { pair: redirectedPair, redirectTo: '/en/?company=2' } },
    ])
  })

  it('ignores the set-up’s events on the code screen', async () => {
    const run = await twoFactorAfter(restored(loginSession), { type: 'codes.acknowledged' })
    expect(run.actor.getSnapshot().value).toEqual({ code: 'entering' })
    expect(run.takeObservation().actions).toEqual([])
  })
})

describe('twoFactor refresh failures', () => {
  const refreshFailed = (error: unknown) => ({ type: 'xstate.error.actor.refreshSession', error })
  const atRefresh = () =>
    twoFactorAfter(restored(loginSession), submitted, verifyFailed(failures.invalid), tick, {
      type: 'session.refresh',
    })

  it('clears the last failure while a new session is asked for', async () => {
    const run = await atRefresh()
    expect(run.actor.getSnapshot().value).toEqual({ code: 'refreshing' })
    expect(run.actor.getSnapshot().context.failure).toBeNull()
  })

  it('shows why a new session was refused and keeps the current one', async () => {
    const run = await atRefresh()
    await run.perform(refreshFailed(failures.tooEarly))
    const { context, value } = run.actor.getSnapshot()
    expect(value).toEqual({ code: 'entering' })
    expect(context.failure).toEqual(callFailureOf(failures.tooEarly))
    expect(context.session).toEqual({ ...loginSession, attempts_left: 4 })
  })

  it.each([
    ['gone (410)', failures.ended],
    ['out of attempts (2002)', failures.exhausted],
  ])('ends, forgetting the stored session, when the session is %s', async (_name, error) => {
    const run = await atRefresh()
    run.takeObservation()
    await run.perform(refreshFailed(error))
    expect(run.actor.getSnapshot().value).toBe('ended')
    expect(run.takeObservation().actions).toEqual([{ type: 'forgetSession', params: undefined }])
  })
})
