import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'

/**
 * The machine is built as its module loads, so a broken configuration (a state without its config, a
 * target that names no state) throws before any suite that imports it can start. This file imports it
 * inside the test, so that such a break fails a test rather than only the loading of the other files.
 */
describe('onboarding machine module', () => {
  it('builds the machine, which shows first for the first URL', async () => {
    const { onboardingMachine } = await import('../../machines/onboarding')
    expect(onboardingMachine.id).toBe('onboarding')
    const actor = createActor(onboardingMachine, { input: { noticeAccepted: true } }).start()
    actor.send({ type: 'route.opened', screen: 'first', progressId: null, variant: 'older' })
    expect(actor.getSnapshot().value).toEqual({ first: 'form' })
    actor.stop()
  })
})
