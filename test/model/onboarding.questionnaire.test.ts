import { describe, expect, it } from 'vitest'
import type { OnboardingVariant } from '../../machines/onboarding-steps'
import { apiError, startOnboarding } from './onboarding.driver'
import { progressAt, progressId } from './onboarding.model'

const steps = ['second', 'third', 'fourth', 'fifth'] as const

/** A visitor whose code was just confirmed, on the second step of the table. */
async function onSecondStep(variant: OnboardingVariant = 'newer') {
  const flow = await startOnboarding()
  await flow.open('second', progressId, variant)
  await flow.answer('loadProgress', progressAt(0))
  return flow
}

describe('onboarding: the questionnaire steps', () => {
  // Each step is a new history entry (no `history`: push), so Back goes to the step before.
  it('shows each step of the newer table at its URL and saves it with its own call', async () => {
    const flow = await onSecondStep()
    for (const [index, step] of steps.entries()) {
      expect(flow.state()).toBe(`${step}.editing`)
      expect(flow.screen()).toEqual({ route: `/onboarding/${step}/$id`, area: 'public' })
      expect(flow.context().shown).toBe(step)

      const values = { answer: step }
      await flow.send({ type: 'step.submitted', values })
      expect(flow.state()).toBe(`${step}.saving`)
      expect(flow.callsOf('saveStep').at(-1)).toEqual({ step, progressId, values, variant: 'newer' })
      await flow.answer('saveStep', progressAt(index + 1))
    }
    expect(flow.state()).toBe('loadingInvites')
    flow.stop()
  })

  it('finishes the older table after the fourth step', async () => {
    const flow = await onSecondStep('older')
    await flow.send({ type: 'step.submitted', values: {} })
    await flow.answer('saveStep', progressAt(1))
    await flow.send({ type: 'step.submitted', values: {} })
    await flow.answer('saveStep', progressAt(2))
    expect(flow.state()).toBe('fourth.editing')
    await flow.send({ type: 'step.submitted', values: {} })
    expect(flow.callsOf('saveStep').at(-1)).toMatchObject({ step: 'fourth', variant: 'older' })
    await flow.answer('saveStep', progressAt(3))
    expect(flow.state()).toBe('loadingInvites')
    flow.stop()
  })

  it('moves on after a save even when the URL asked for the step being saved', async () => {
    const flow = await startOnboarding()
    await flow.open('second', progressId, 'newer')
    await flow.answer('loadProgress', progressAt(2))
    // Going back to change an answer shows the step reached before.
    expect(flow.state()).toBe('second.editing')
    expect(flow.context().requested).toBe('second')

    await flow.send({ type: 'step.submitted', values: { answer: 'changed' } })
    await flow.answer('saveStep', progressAt(2))
    expect(flow.state()).toBe('fourth.editing')
    expect(flow.context().requested).toBeNull()
    flow.stop()
  })

  it('keeps the visitor on the step with the failure, and hides it while saving again', async () => {
    const flow = await onSecondStep()
    await flow.send({ type: 'step.submitted', values: {} })
    await flow.fail('saveStep', apiError(422, 'Check the fields', { name: ['Enter a name'] }))
    expect(flow.state()).toBe('second.editing')
    expect(flow.context().failure).toMatchObject({ status: 422, fieldErrors: { name: ['Enter a name'] } })

    await flow.send({ type: 'step.submitted', values: { name: 'Salon' } })
    expect(flow.context().failure).toBeNull()
    await flow.fail('saveStep', apiError(500, 'Server error'))
    expect(flow.state()).toBe('second.editing')
    expect(flow.context().failure).toMatchObject({ status: 500, message: 'Server error' })
    flow.stop()
  })

  for (const status of [403, 409]) {
    it(`starts again at first when a save is refused with ${status} (no access, or the code not confirmed)`, async () => {
      const flow = await onSecondStep()
      await flow.send({ type: 'step.submitted', values: {} })
      await flow.fail('saveStep', apiError(status))
      expect(flow.state()).toBe('first.form')
      expect(flow.context()).toMatchObject({ reason: 'confirm_again', shown: 'first' })
      flow.stop()
    })
  }

  it('lands a restored progress on the step after its last completed one', async () => {
    const landings = ['second', 'third', 'fourth', 'fifth', 'loadingInvites']
    for (const [lastCompletedStep, landing] of landings.entries()) {
      const flow = await startOnboarding()
      await flow.open('continue_register', progressId, 'newer')
      await flow.answer('loadProgress', progressAt(lastCompletedStep))
      expect(flow.state().split('.')[0]).toBe(landing)
      flow.stop()
    }
  })

  it('sends a completed progress back to first', async () => {
    const flow = await startOnboarding()
    await flow.open('third', progressId)
    await flow.answer('loadProgress', progressAt(3, { isCompleted: true }))
    expect(flow.state()).toBe('first.form')
    expect(flow.context().reason).toBe('confirm_again')
    flow.stop()
  })
})
