import { describe, expect, it } from 'vitest'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import {
  failures,
  machine as signInMachine,
  modelOptions,
  returnTo,
  secondFactor,
  user,
} from './sign-in.model'
import { writeWalkRecord } from '../support/walk-record-writer'

const model = createMachineModel(signInMachine, modelOptions)

// Every state of this flow is the sign-in screen until the session takes over.
const routeOf: Record<string, string | undefined> = {
  'form.editing': '/signin/$hash',
  'form.failed': '/signin/$hash',
  submitting: '/signin/$hash',
  signedIn: undefined,
  twoFactorRequired: '/signin/2fa',
}

function expectObservable(step: WalkedStep) {
  expect(step.route).toBe(routeOf[step.state])
  const { event } = step

  if (event.type === 'credentials.submitted') {
    const filled = event.login.trim() !== '' && event.password !== ''
    expect(step.state).toBe(filled ? 'submitting' : 'form.failed')
    // Empty fields never reach the server.
    expect(step.started).toEqual(
      filled
        ? [
            {
              id: 'submitCredentials',
              src: 'submitCredentials',
              input: { login: 'anna@example.com', password: 'secret' },
            },
          ]
        : [],
    )
    expect(step.actions).toEqual(filled ? [] : [{ type: 'reportFailure', params: { failureClass: 'local' } }])
    if (!filled) expect(step.snapshot.context.failure).toEqual({ failureClass: 'local', message: null })
    return
  }
  if (event.type === 'xstate.done.actor.submitCredentials' && 'login_confirmation_session' in event.output) {
    // A second factor is required: the session is handed to the twoFactor flow, nobody is signed in yet.
    expect(step.state).toBe('twoFactorRequired')
    expect(step.snapshot.status).toBe('done')
    expect(step.actions).toEqual([
      { type: 'startTwoFactor', params: { session: secondFactor.login_confirmation_session } },
    ])
    return
  }
  if (event.type === 'xstate.done.actor.submitCredentials') {
    expect(step.state).toBe('signedIn')
    expect(step.snapshot.status).toBe('done')
    // The session gets only the user; a return path is followed only when it is on this site.
    const asked = (event.output as { redirect_url?: string }).redirect_url
    const redirectTo = asked === returnTo.onSite ? returnTo.onSite : null
    expect(step.actions).toEqual([{ type: 'startSession', params: { user, redirectTo } }])
    return
  }
  if (event.type === 'xstate.error.actor.submitCredentials') {
    const failureClass = failures.get(event.error)
    expect(step.state).toBe('form.failed')
    expect(step.actions).toEqual([{ type: 'reportFailure', params: { failureClass } }])
    // The screen shows the reply's message when there is one.
    const message = (event.error as { message?: string }).message ?? null
    expect(step.snapshot.context.failure).toEqual({ failureClass, message })
    return
  }
  // The start and going back to editing run nothing of the app's and clear the last failure.
  expect(step.actions).toEqual([])
  expect(step.state).toBe('form.editing')
  expect(step.snapshot.context.failure).toBeNull()
}

describe('signIn machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, () => model.walk(path, expectObservable))
  }

  it('covers every state and transition', () => {
    // The record is written first, so that a shortfall is still reported.
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(signInMachine, model.walked)
  })
})
