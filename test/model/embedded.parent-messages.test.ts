import { describe, expect, it } from 'vitest'
import { startModelActor, type ModelActor } from '../support/model-actor-run'
import { completion, machine, parentOrigin, parentToken } from './embedded.model'

async function detect(output: { origin: string } | null) {
  const run = startModelActor(machine)
  await run.perform({ type: 'xstate.init' })
  await run.perform({ type: 'xstate.done.actor.detectEmbedding', output })
  run.takeObservation()
  return run
}

/** Embedded, with a completed registration handed over: the frame waits for the parent to take over. */
async function handedOver() {
  const run = await detect({ origin: parentOrigin })
  await run.perform({ type: 'registration.completed', completion })
  await run.perform({ type: 'xstate.done.actor.issueParentToken', output: parentToken })
  await run.perform({ type: 'xstate.done.actor.logoutFrameSession', output: undefined })
  run.takeObservation()
  return run
}

const valueOf = (run: ModelActor) => run.actor.getSnapshot().value
const postsOf = (run: ModelActor) => run.takeObservation().actions

describe('embedded machine: standalone', () => {
  it('a failed detection runs standalone: a completion shows its screen and nothing is posted', async () => {
    const run = startModelActor(machine)
    await run.perform({ type: 'xstate.init' })
    await run.perform({
      type: 'xstate.error.actor.detectEmbedding',
      error: new Error('allow-list unavailable'),
    })
    expect(valueOf(run)).toEqual({ standalone: 'idle' })

    await run.perform({ type: 'registration.completed', completion })
    expect(valueOf(run)).toEqual({ standalone: 'completed' })
    expect(run.actor.getSnapshot().context.registrationId).toBe(completion.registrationId)
    expect(run.deferred.calls.map((call) => call.id)).toEqual(['detectEmbedding'])
    expect(postsOf(run)).toEqual([])
    run.actor.stop()
  })
})

describe('embedded machine: messages to the parent at every step', () => {
  it('answers pings, reports page visits and password resets while a completion is handed over', async () => {
    const run = await detect({ origin: parentOrigin })
    await run.perform({ type: 'registration.completed', completion })
    run.takeObservation()
    await run.perform({ type: 'parent.pinged' })
    await run.perform({ type: 'page.visited', path: '/en/onboarding/complete/41', registrationId: 41 })
    await run.perform({ type: 'password.resetCompleted' })
    expect(postsOf(run)).toEqual([
      { type: 'postReady' },
      { type: 'postWebPageVisit', params: { path: '/en/onboarding/complete/41', registrationId: 41 } },
      { type: 'postResetPasswordComplete' },
    ])
    // None of them interrupts the hand-over.
    expect(valueOf(run)).toEqual({ embedded: 'issuingParentToken' })
    run.actor.stop()
  })

  it('hands the token over even when the frame’s own logout failed', async () => {
    const run = await detect({ origin: parentOrigin })
    await run.perform({ type: 'registration.completed', completion })
    await run.perform({ type: 'xstate.done.actor.issueParentToken', output: parentToken })
    run.takeObservation()
    await run.perform({ type: 'xstate.error.actor.logoutFrameSession', error: new Error('logout timed out') })
    expect(valueOf(run)).toEqual({ embedded: 'completed' })
    expect(postsOf(run)).toEqual([{ type: 'postRegistrationComplete' }])
    run.actor.stop()
  })

  it('asks for the parent’s token again when the user retries after a failure', async () => {
    const run = await detect({ origin: parentOrigin })
    await run.perform({ type: 'registration.completed', completion })
    await run.perform({ type: 'xstate.error.actor.issueParentToken', error: new Error('network down') })
    expect(valueOf(run)).toEqual({ embedded: 'completionFailed' })

    await run.perform({ type: 'completion.retried' })
    expect(valueOf(run)).toEqual({ embedded: 'issuingParentToken' })
    expect(
      run.deferred.calls.filter((call) => call.id === 'issueParentToken').map((call) => call.input),
    ).toEqual([{ parentOrigin }, { parentOrigin }])
    run.actor.stop()
  })

  it('redirects where the flow asks during the 20 s wait, without waiting for the timeout', async () => {
    const run = await handedOver()
    await run.perform({ type: 'location.redirect', location: '/cabinet/records' })
    expect(valueOf(run)).toEqual({ embedded: 'redirecting' })
    expect(postsOf(run)).toEqual([{ type: 'postRedirect', params: { location: '/cabinet/records' } }])
    run.actor.stop()
  })
})
