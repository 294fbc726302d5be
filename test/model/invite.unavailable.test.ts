import { describe, expect, it } from 'vitest'
import { callFailureOf } from '../../machines/call-failure'
import { startModelActor } from '../support/model-actor-run'
import { failures, form, machine, modelOptions, pendingInvite } from './invite.model'

/** The invitation flow on a live actor, started as the app starts it, with the invite loaded for `signedIn`. */
async function openInvitation(signedIn: boolean) {
  const run = startModelActor(machine, { input: modelOptions.input })
  await run.perform({ type: 'xstate.init' })
  await run.perform({ type: 'xstate.done.actor.loadInvite', output: { invite: pendingInvite, signedIn } })
  run.takeObservation()
  return run
}

const stateOf = (run: Awaited<ReturnType<typeof openInvitation>>) => run.actor.getSnapshot().value
const contextOf = (run: Awaited<ReturnType<typeof openInvitation>>) => run.actor.getSnapshot().context

const withdrawn = failures.revoked
const expiredWithoutMessage = { status: 410 }

describe('invite machine: why an invitation cannot be used', () => {
  // Each reason has its own screen text; a failure that names none reads as an invitation that does not exist.
  const loadCases = [
    ['a 404', failures.unknown, 'unknown'],
    ['a 409', failures.used, 'used'],
    ['a 410 that says it expired', failures.expired, 'expired'],
    ['a 410 that says it was withdrawn', withdrawn, 'revoked'],
    ['a 410 without a message', expiredWithoutMessage, 'expired'],
    ['a network failure', failures.network, 'unknown'],
    ['a server error', { status: 500, message: 'Internal error' }, 'unknown'],
  ] as const

  for (const [name, error, reason] of loadCases) {
    it(`loading answered by ${name} shows the "${reason}" screen`, async () => {
      const run = startModelActor(machine, { input: modelOptions.input })
      await run.perform({ type: 'xstate.init' })
      await run.perform({ type: 'xstate.error.actor.loadInvite', error })
      const snapshot = run.actor.getSnapshot()
      expect(snapshot.value).toBe('unavailable')
      expect(snapshot.status).toBe('done')
      expect(snapshot.context.unavailable).toBe(reason)
      expect(snapshot.context.invite).toBeNull()
      run.actor.stop()
    })
  }

  // The invitation can be used up or withdrawn between loading the page and pressing the button.
  const acceptCases = [
    [failures.unknown, 'unknown'],
    [failures.used, 'used'],
    [failures.expired, 'expired'],
    [withdrawn, 'revoked'],
  ] as const
  for (const [error, reason] of acceptCases) {
    it(`a member's accept refused with ${error.status} "${error.message}" shows the "${reason}" screen`, async () => {
      const run = await openInvitation(true)
      await run.perform({ type: 'invite.accept' })
      await run.perform({ type: 'xstate.error.actor.acceptInvite', error })
      expect(stateOf(run)).toBe('unavailable')
      expect(contextOf(run).unavailable).toBe(reason)
      expect(run.actor.getSnapshot().status).toBe('done')
      run.actor.stop()
    })

    it(`a registration refused with ${error.status} "${error.message}" shows the "${reason}" screen`, async () => {
      const run = await openInvitation(false)
      await run.perform({ type: 'registration.submitted', form })
      await run.perform({ type: 'xstate.error.actor.register', error })
      expect(stateOf(run)).toBe('unavailable')
      expect(contextOf(run).unavailable).toBe(reason)
      // Nobody is signed in by a refused registration.
      expect(run.takeObservation().actions).toEqual([])
      run.actor.stop()
    })
  }
})

describe('invite machine: trying again after a failure', () => {
  it('a member presses accept again after a network failure: the old failure goes while the new call runs', async () => {
    const run = await openInvitation(true)
    await run.perform({ type: 'invite.accept' })
    await run.perform({ type: 'xstate.error.actor.acceptInvite', error: failures.network })
    expect(stateOf(run)).toEqual({ accept: 'idle' })
    expect(contextOf(run).failure).toEqual(callFailureOf(failures.network))
    expect(contextOf(run).unavailable).toBeNull()

    await run.perform({ type: 'invite.accept' })
    expect(stateOf(run)).toEqual({ accept: 'accepting' })
    expect(contextOf(run).failure).toBeNull()
    expect(run.deferred.calls.map((call) => [call.id, call.input])).toEqual([
      ['loadInvite', { token: 'invite-token' }],
      ['acceptInvite', { token: 'invite-token' }],
      ['acceptInvite', { token: 'invite-token' }],
    ])
    run.actor.stop()
  })

  it('a new person corrects the form and sends it again: the field errors go while it is sent', async () => {
    const run = await openInvitation(false)
    await run.perform({ type: 'registration.submitted', form })
    await run.perform({ type: 'xstate.error.actor.register', error: failures.invalid })
    expect(stateOf(run)).toEqual({ register: 'editing' })
    expect(contextOf(run).failure?.fieldErrors).toEqual(failures.invalid.fieldErrors)

    const corrected = { ...form, email: 'invited@example.com' }
    await run.perform({ type: 'registration.submitted', form: corrected })
    expect(stateOf(run)).toEqual({ register: 'registering' })
    expect(contextOf(run).failure).toBeNull()
    expect(run.deferred.pending.get('register')?.input).toEqual({ token: 'invite-token', form: corrected })
    run.actor.stop()
  })
})
