import type { AnyEventObject } from 'xstate'
import type { SessionUser } from '../../machines/session'
import type { SignInFailureClass } from '../../machines/sign-in-failure'
import { signInMachine } from '../../machines/sign-in'
import { initEventType, startModelActor, type ModelActor } from '../support/model-actor-run'
import type { MachineModelOptions } from '../support/model-coverage'

/** The user a successful sign-in answers with. */
export const user: SessionUser = { id: 7, name: 'Anna' }

/** Successful sign-ins that asked to return somewhere: a path on this site, and one on another site. */
export const returnTo = { onSite: '/en/?company=2', offSite: '//evil.example/phish' } as const

/** The reply that asks for a second factor instead of signing in. */
export const secondFactor = {
  login_confirmation_session: {
    uuid: '5b4c2a9e-0f1d-4c3b-8a7e-9d6f5e4c3b2a',
    flow: 'login',
    transport: { type: 'email', recipient: 'a***@example.com' },
    refresh_ttl_sec: 60,
    attempts_left: 5,
  },
} as const

/** Each rejection the API client can produce, with the class that analytics must receive for it. */
export const failures = new Map<unknown, SignInFailureClass>([
  [{ status: 422, code: 2002, message: 'Too many attempts' }, 'two_factor_limit'],
  [{ status: 422, code: 2001, message: 'Invalid code' }, 'two_factor'],
  [{ status: 422, message: 'Wrong login or password' }, 'wrong_credentials'],
  [{ status: 0, isRequestError: true }, 'network'],
  [{ status: 503, message: 'Service unavailable' }, 'network'],
  [new TypeError('Cannot read properties of undefined'), 'local'],
])

/** The signIn model: the machine and the event cases its generated paths are made of. */
export const machine = signInMachine

export const modelOptions: MachineModelOptions = {
  events: {
    'credentials.submitted': [
      { login: '  anna@example.com ', password: 'secret' },
      { login: ' ', password: 'secret' },
      { login: 'anna@example.com', password: '' },
    ],
    'credentials.edited': [{}],
    'xstate.done.actor.submitCredentials': [
      { output: user },
      { output: { ...user, redirect_url: returnTo.onSite } },
      { output: { ...user, redirect_url: returnTo.offSite } },
      { output: secondFactor },
    ],
    'xstate.error.actor.submitCredentials': [...failures.keys()].map((error) => ({ error })),
  },
}

/** A live signIn actor (deferred calls) that has taken `events` in order since it started. */
export async function signInAfter(...events: AnyEventObject[]): Promise<ModelActor> {
  const run = startModelActor(signInMachine)
  for (const event of [{ type: initEventType }, ...events]) await run.perform(event)
  return run
}
