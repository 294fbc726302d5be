import { describe, expect, it } from 'vitest'
import { resetProgressOf } from '../../machines/reset-password'
import { callFailureOf } from '../../machines/call-failure'
import { startModelActor, type ModelActor } from '../support/model-actor-run'
import { failures, machine } from './reset-password.model'

const tick = { type: 'xstate.after.1000.resetPassword.confirmCode.entering' }

/** A reset whose code went by e-mail, with a resend allowed after `waitPeriod` seconds. */
async function atConfirmCode(waitPeriod: number) {
  const run = startModelActor(machine)
  await run.perform({ type: 'xstate.init' })
  await run.perform({ type: 'contact.submitted', contact: 'anna@example.com' })
  await run.perform({
    type: 'xstate.done.actor.sendCode',
    output: { channel: 'email', wait_period: waitPeriod },
  })
  return run
}

async function atChangePassword() {
  const run = await atConfirmCode(0)
  await run.perform({ type: 'code.submitted', code: '123456' })
  await run.perform({ type: 'xstate.done.actor.createToken', output: 'reset-token' })
  return run
}

const stateOf = (run: ModelActor) => run.actor.getSnapshot().value
const contextOf = (run: ModelActor) => run.actor.getSnapshot().context

describe('resetPassword machine: the resend countdown', () => {
  it('counts down a second at a time from the wait period and refuses a resend until it reaches 0', async () => {
    const run = await atConfirmCode(3)
    const seconds = [contextOf(run).secondsLeft]
    for (let second = 0; second < 3; second += 1) {
      await run.perform({ type: 'code.resend' })
      expect(stateOf(run)).toEqual({ confirmCode: 'entering' })
      await run.perform(tick)
      seconds.push(contextOf(run).secondsLeft)
    }
    expect(seconds).toEqual([3, 2, 1, 0])
    // At 0 the countdown stops.
    await run.perform(tick)
    expect(contextOf(run).secondsLeft).toBe(0)

    await run.perform({ type: 'code.resend' })
    expect(stateOf(run)).toEqual({ confirmCode: 'resending' })
    expect(run.deferred.calls.map((call) => call.id)).toEqual(['sendCode', 'resendCode'])
    run.actor.stop()
  })
})

describe('resetPassword machine: a failure is shown until the user acts again', () => {
  it('sending the contact again clears its failure', async () => {
    const run = startModelActor(machine)
    await run.perform({ type: 'xstate.init' })
    await run.perform({ type: 'contact.submitted', contact: 'anna' })
    await run.perform({ type: 'xstate.error.actor.sendCode', error: failures.invalidContact })
    expect(contextOf(run).failure).toEqual(callFailureOf(failures.invalidContact))
    await run.perform({ type: 'contact.submitted', contact: 'anna@example.com' })
    expect(contextOf(run).failure).toBeNull()
    run.actor.stop()
  })

  it('a second code, a resend and a change of contact each clear the failure before them', async () => {
    const run = await atConfirmCode(0)
    await run.perform({ type: 'code.submitted', code: '111111' })
    await run.perform({ type: 'xstate.error.actor.createToken', error: failures.invalidCode })
    expect(contextOf(run).failure).toEqual(callFailureOf(failures.invalidCode))
    await run.perform({ type: 'code.submitted', code: '222222' })
    expect(contextOf(run).failure).toBeNull()

    await run.perform({ type: 'xstate.error.actor.createToken', error: failures.invalidCode })
    await run.perform({ type: 'code.resend' })
    expect(stateOf(run)).toEqual({ confirmCode: 'resending' })
    expect(contextOf(run).failure).toBeNull()

    await run.perform({ type: 'xstate.error.actor.resendCode', error: failures.tooEarly })
    expect(contextOf(run).failure).toEqual(callFailureOf(failures.tooEarly))
    await run.perform({ type: 'contact.change' })
    expect(stateOf(run)).toEqual({ sendCode: 'editing' })
    expect(contextOf(run).failure).toBeNull()
    run.actor.stop()
  })

  it('a too common password is refused on its form; the next try clears the reason', async () => {
    const run = await atChangePassword()
    const passwords = { password: 'password1', confirmPassword: 'password1' }
    await run.perform({ type: 'password.submitted', ...passwords })
    await run.perform({ type: 'xstate.error.actor.setNewPassword', error: failures.commonPassword })
    expect(stateOf(run)).toEqual({ changePassword: 'editing' })
    expect(contextOf(run).failure).toEqual(callFailureOf(failures.commonPassword))
    expect(contextOf(run).token).toBe('reset-token')

    await run.perform({ type: 'password.submitted', ...passwords })
    expect(stateOf(run)).toEqual({ changePassword: 'saving' })
    expect(contextOf(run).failure).toBeNull()
    run.actor.stop()
  })
})

describe('resetPassword machine: what a reload keeps', () => {
  it('keeps the contact, channel, countdown and token, never the failure', async () => {
    const run = await atChangePassword()
    await run.perform({ type: 'password.submitted', password: 'x', confirmPassword: 'x' })
    await run.perform({ type: 'xstate.error.actor.setNewPassword', error: failures.commonPassword })
    const progress = resetProgressOf(contextOf(run))
    expect(progress).toEqual({
      contact: 'anna@example.com',
      channel: 'email',
      secondsLeft: 0,
      token: 'reset-token',
    })
    run.actor.stop()

    // The reloaded page starts the machine with it; the step's URL then routes back to the step.
    const resumed = startModelActor(machine, { input: { resume: progress } })
    await resumed.perform({ type: 'xstate.init' })
    expect(contextOf(resumed)).toEqual({ ...progress, failure: null })
    await resumed.perform({ type: 'xstate.route', to: '#resetPassword.changePassword' })
    expect(stateOf(resumed)).toEqual({ changePassword: 'editing' })
    resumed.actor.stop()
  })
})
