import { describe, expect, it } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { screenMetaOf } from '../../machines/route-meta'
import { signInMachine } from '../../machines/sign-in'
import { recaptchaRequiredError } from '../../server/recaptcha/recaptcha-required'
import { secondFactor, signInAfter, user } from './sign-in.model'

const submitted = (login: string, password: string, recaptchaToken?: string) => ({
  type: 'credentials.submitted',
  login,
  password,
  ...(recaptchaToken === undefined ? {} : { recaptchaToken }),
})
const filled = submitted(' anna@example.com ', ' pass word ')
const rejected = (error: unknown) => ({ type: 'xstate.error.actor.submitCredentials', error })
const answered = (output: unknown) => ({ type: 'xstate.done.actor.submitCredentials', output })
const wrongPassword = { status: 422, message: 'Wrong login or password' }
/** The server's reply past a sign-in limit: a 422 that names the robot check's field. */
const robotCheckAsked = {
  status: 422,
  message: 'Validation failed',
  fieldErrors: recaptchaRequiredError().fieldErrors,
}
const signInScreen = { route: '/signin/$hash', area: 'public' }

describe('signIn form', () => {
  it('starts on the sign-in screen with no failure and no robot check', async () => {
    const run = await signInAfter()
    const snapshot = run.actor.getSnapshot()
    expect(snapshot.value).toEqual({ form: 'editing' })
    expect(snapshot.context).toEqual({ failure: null, recaptchaRequested: false })
    expect(screenMetaOf(snapshot)).toEqual(signInScreen)
  })

  it('sends the trimmed login and the password exactly as typed', async () => {
    const run = await signInAfter(filled)
    expect(run.actor.getSnapshot().value).toBe('submitting')
    expect(screenMetaOf(run.actor.getSnapshot())).toEqual(signInScreen)
    const input = run.deferred.calls.at(-1)?.input
    expect(input).toStrictEqual({ login: 'anna@example.com', password: ' pass word ' })
  })

  it('sends the solved robot check with the credentials', async () => {
    const run = await signInAfter(submitted('anna@example.com', 'secret', 'recaptcha-token'))
    expect(run.deferred.calls.at(-1)?.input).toStrictEqual({
      login: 'anna@example.com',
      password: 'secret',
      recaptchaToken: 'recaptcha-token',
    })
  })

  it.each([
    ['an empty login', submitted('', 'secret')],
    ['a login of spaces', submitted('   ', 'secret')],
    ['an empty password', submitted('anna@example.com', '')],
  ])('fails locally for %s, without a call', async (_name, event) => {
    const run = await signInAfter(event)
    const snapshot = run.actor.getSnapshot()
    expect(snapshot.value).toEqual({ form: 'failed' })
    expect(snapshot.context.failure).toEqual({ failureClass: 'local', message: null })
    expect(run.deferred.calls).toEqual([])
    expect(run.takeObservation().actions).toEqual([
      { type: 'reportFailure', params: { failureClass: 'local' } },
    ])
  })

  it('reports each empty submit again, and clears the failure once the fields are edited', async () => {
    const run = await signInAfter(submitted('', ''))
    run.takeObservation()
    await run.perform(submitted('', ''))
    expect(run.actor.getSnapshot().value).toEqual({ form: 'failed' })
    expect(run.takeObservation().actions).toEqual([
      { type: 'reportFailure', params: { failureClass: 'local' } },
    ])

    await run.perform({ type: 'credentials.edited' })
    expect(run.actor.getSnapshot().value).toEqual({ form: 'editing' })
    expect(run.actor.getSnapshot().context.failure).toBeNull()
  })

  it('tries again from a failed sign-in without the fields being edited', async () => {
    const run = await signInAfter(filled, rejected(wrongPassword), filled)
    expect(run.actor.getSnapshot().value).toBe('submitting')
    expect(run.deferred.calls).toHaveLength(2)
  })

  it('ignores another submit while one is on its way', async () => {
    const run = await signInAfter(filled, filled)
    expect(run.deferred.calls).toHaveLength(1)
  })
})

describe('signIn answers', () => {
  it('shows the reply’s message and reports the failure class', async () => {
    const run = await signInAfter(filled)
    run.takeObservation()
    await run.perform(rejected(wrongPassword))
    const snapshot = run.actor.getSnapshot()
    expect(snapshot.value).toEqual({ form: 'failed' })
    expect(screenMetaOf(snapshot)).toEqual(signInScreen)
    expect(snapshot.context).toEqual({
      failure: { failureClass: 'wrong_credentials', message: 'Wrong login or password' },
      recaptchaRequested: false,
    })
    expect(run.takeObservation().actions).toEqual([
      { type: 'reportFailure', params: { failureClass: 'wrong_credentials' } },
    ])
  })

  it('asks for the robot check once the server names its field, and keeps asking after later failures', async () => {
    const run = await signInAfter(filled, rejected(robotCheckAsked))
    expect(run.actor.getSnapshot().context.recaptchaRequested).toBe(true)
    await run.perform(filled)
    await run.perform(rejected(wrongPassword))
    expect(run.actor.getSnapshot().context.recaptchaRequested).toBe(true)
  })

  it('hands the confirmation session to the second factor, signing nobody in', async () => {
    const run = await signInAfter(filled)
    run.takeObservation()
    await run.perform(answered(secondFactor))
    const snapshot = run.actor.getSnapshot()
    expect(snapshot.value).toBe('twoFactorRequired')
    expect(snapshot.status).toBe('done')
    expect(screenMetaOf(snapshot)).toEqual({ route: '/signin/2fa', area: 'public' })
    expect(run.takeObservation().actions).toEqual([
      { type: 'startTwoFactor', params: { session: secondFactor.login_confirmation_session } },
    ])
  })

  it('starts the session with the user alone, and home when no page was asked for', async () => {
    const run = await signInAfter(filled)
    run.takeObservation()
    await run.perform(answered({ ...user, email: 'anna@example.com' }))
    const snapshot = run.actor.getSnapshot()
    expect(snapshot.value).toBe('signedIn')
    expect(snapshot.status).toBe('done')
    expect(run.takeObservation().actions).toEqual([
      { type: 'startSession', params: { user, redirectTo: null } },
    ])
  })
})

describe('signIn without the app’s call', () => {
  it('fails locally instead of signing in', async () => {
    const actor = createActor(signInMachine).start()
    actor.send({ type: 'credentials.submitted', login: 'anna@example.com', password: 'secret' })
    const snapshot = await waitFor(actor, (state) => state.value !== 'submitting', { timeout: 2000 })
    expect(snapshot.value).toEqual({ form: 'failed' })
    expect(snapshot.context.failure?.failureClass).toBe('local')
  })
})
