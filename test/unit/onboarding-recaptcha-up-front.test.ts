import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { onboardingMachine, type FirstStepResult, type ProgressView } from '../../machines/onboarding'

const progress = (needRecaptcha: boolean): ProgressView => ({
  progressId: 41,
  status: 'user_not_approved_by_phone',
  isCompleted: false,
  lastCompletedStep: null,
  placeCountId: null,
  channel: 'call',
  timeToCall: 30,
  callCount: 1,
  hasPhone: true,
  hasEmail: false,
  smsChannel: 'sms',
  needRecaptcha,
})

/** Submits the first step, whose reply carries need_recaptcha, then comes back to first as Back or a link would. */
async function backOnFirst(needRecaptcha: boolean) {
  const machine = onboardingMachine.provide({
    actors: {
      submitFirst: fromPromise<
        FirstStepResult,
        { values: Record<string, unknown>; variant: 'older' | 'newer'; recaptchaShown: boolean }
      >(async () => ({
        progress: progress(needRecaptcha),
        needRecaptcha: false,
      })),
    },
  })
  const actor = createActor(machine, { input: { noticeAccepted: true } }).start()
  actor.send({ type: 'route.opened', screen: 'first', progressId: null, variant: 'older' })
  actor.send({ type: 'first.submitted', values: { phone: '+79001234567' } })
  await waitFor(actor, (snapshot) => snapshot.matches('confirmCode'))
  actor.send({ type: 'route.opened', screen: 'first', progressId: null, variant: 'older' })
  const snapshot = actor.getSnapshot()
  actor.stop()
  return snapshot
}

describe('reCAPTCHA up front', () => {
  it('shows the robot check on the first step when the last reply said need_recaptcha', async () => {
    const snapshot = await backOnFirst(true)
    expect(snapshot.matches({ first: 'form' })).toBe(true)
    expect(snapshot.context.needRecaptcha).toBe(true)
  })

  it('does not ask for it when the server did not', async () => {
    expect((await backOnFirst(false)).context.needRecaptcha).toBe(false)
  })
})
