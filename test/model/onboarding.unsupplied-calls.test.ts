import { describe, expect, it } from 'vitest'
import type { AnyActorLogic } from 'xstate'
import { onboardingMachine } from '../../machines/onboarding'
import { startOnboarding } from './onboarding.driver'
import { progressAt, progressId } from './onboarding.model'

/** The machine's own stand-in for a call, as an app that supplied no implementation would run it. */
const unsupplied = (src: string) => onboardingMachine.implementations.actors[src] as AnyActorLogic

/**
 * The machine names its calls and the app supplies them. A call the app forgot to supply must fail like a
 * refused call, naming itself, rather than answer nothing and move the visitor on.
 */
describe('onboarding: a call the app did not supply', () => {
  it('fails the first step', async () => {
    const flow = await startOnboarding(undefined, { submitFirst: unsupplied('submitFirst') })
    await flow.open('first', null)
    await flow.send({ type: 'first.submitted', values: {} })
    expect(flow.state()).toBe('first.form')
    expect(flow.context().failure).toMatchObject({ status: 0, message: expect.stringMatching(/submitFirst/) })
    flow.stop()
  })

  it('fails a restore, which starts again at first', async () => {
    const flow = await startOnboarding(undefined, { loadProgress: unsupplied('loadProgress') })
    await flow.open('third', progressId)
    expect(flow.state()).toBe('first.form')
    flow.stop()
  })

  it('fails a questionnaire save', async () => {
    const flow = await startOnboarding(undefined, { saveStep: unsupplied('saveStep') })
    await flow.open('second', progressId)
    await flow.answer('loadProgress', progressAt(0))
    await flow.send({ type: 'step.submitted', values: {} })
    expect(flow.state()).toBe('second.editing')
    expect(flow.context().failure?.message).toMatch(/saveStep/)
    flow.stop()
  })

  it('fails the registration and the signed-in finish', async () => {
    const flow = await startOnboarding(undefined, { register: unsupplied('register') })
    await flow.open('continue_register', progressId)
    await flow.answer('loadProgress', progressAt(3))
    await flow.answer('loadInvites', 0)
    await flow.send({ type: 'registration.submitted', values: {} })
    expect(flow.state()).toBe('continueRegister.editing')
    expect(flow.context().failure?.message).toMatch(/register/)
    flow.stop()

    const signedIn = await startOnboarding(undefined, { finishSignedIn: unsupplied('finishSignedIn') })
    await signedIn.open('continue_register', progressId)
    await signedIn.answer('loadProgress', progressAt(3, { status: 'user_without_companies' }))
    await signedIn.answer('loadInvites', 0)
    expect(signedIn.state()).toBe('finishingSignedIn.failed')
    expect(signedIn.context().failure?.message).toMatch(/finishSignedIn/)
    signedIn.stop()
  })
})
