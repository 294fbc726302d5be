import { describe, expect, it } from 'vitest'
import { channelAvailable, type ConfirmationChannelInput } from '../../machines/confirmation-channel'
import { callFailureOf } from '../../machines/call-failure'
import { startModelActor, type ModelActor } from '../support/model-actor-run'
import { codeFailures, confirmedProgress, input, machine } from './confirmation-channel.model'

const tick = { type: 'xstate.after.1000.confirmationChannel.active.resend.countingDown' }

async function start(overrides: Partial<ConfirmationChannelInput> = {}) {
  const run = startModelActor(machine, { input: { ...input, ...overrides } })
  await run.perform({ type: 'xstate.init' })
  return run
}

/** Lets the resend countdown run out, so that a resend may be asked for. */
async function waitForResend(run: ModelActor) {
  // Bounded, so that a countdown that never ends fails here rather than hanging the suite.
  for (let second = 0; second < 60 && run.actor.getSnapshot().context.secondsLeft > 0; second += 1) {
    await run.perform(tick)
  }
  expect(regions(run).active.resend).toBe('ready')
}

const regions = (run: ModelActor) =>
  run.actor.getSnapshot().value as { active: { code: string; resend: string } }
const contextOf = (run: ModelActor) => run.actor.getSnapshot().context

describe('channelAvailable: the resend channels the confirm-code screen offers', () => {
  const contact = { callCount: 2, smsChannel: 'sms' as const, hasPhone: true, hasEmail: true }

  it('offers e-mail only when an e-mail was given', () => {
    expect(channelAvailable(contact, 'email')).toBe(true)
    expect(channelAvailable({ ...contact, hasEmail: false }, 'email')).toBe(false)
  })

  it('offers a call only when a phone was given', () => {
    expect(channelAvailable(contact, 'call')).toBe(true)
    expect(channelAvailable({ ...contact, hasPhone: false }, 'call')).toBe(false)
  })

  it('offers SMS by the number’s own route once two calls were made', () => {
    expect(channelAvailable(contact, 'sms')).toBe(true)
    expect(channelAvailable(contact, 'sms_vonage')).toBe(false)
    expect(channelAvailable({ ...contact, smsChannel: 'sms_vonage' }, 'sms_vonage')).toBe(true)
    expect(channelAvailable({ ...contact, callCount: 1 }, 'sms')).toBe(false)
    expect(channelAvailable({ ...contact, hasPhone: false }, 'sms')).toBe(false)
  })
})

describe('confirmationChannel machine: codes', () => {
  it('sends a typed code to be checked, trimmed', async () => {
    const run = await start()
    await run.perform({ type: 'code.submitted', code: ' 654321 ' })
    expect(regions(run).active.code).toBe('verifying')
    expect(run.deferred.pending.get('verifyCode')?.input).toEqual({ progressId: 41, code: '654321' })

    await run.perform({ type: 'xstate.done.actor.verifyCode', output: confirmedProgress })
    expect(run.actor.getSnapshot().status).toBe('done')
    expect(run.actor.getSnapshot().output).toEqual(confirmedProgress)
  })

  it('keeps the attempts left that a wrong code reported when a later failure reports none', async () => {
    const run = await start()
    await run.perform({ type: 'code.submitted', code: '111111' })
    await run.perform({ type: 'xstate.error.actor.verifyCode', error: codeFailures.invalid })
    expect(contextOf(run).attemptsLeft).toBe(4)
    expect(contextOf(run).failure).toEqual(codeFailures.invalid)

    // A second try clears the old failure while it is checked.
    await run.perform({ type: 'code.submitted', code: '222222' })
    expect(contextOf(run).failure).toBeNull()
    await run.perform({ type: 'xstate.error.actor.verifyCode', error: codeFailures.unavailable })
    expect(regions(run).active.code).toBe('editing')
    expect(contextOf(run).failure).toEqual(codeFailures.unavailable)
    expect(contextOf(run).attemptsLeft).toBe(4)
    run.actor.stop()
  })

  it('a new code clears the failure of the old one, and unlocks the field after 2002', async () => {
    const run = await start()
    await run.perform({ type: 'code.submitted', code: '111111' })
    await run.perform({ type: 'xstate.error.actor.verifyCode', error: codeFailures.exhausted })
    expect(regions(run).active.code).toBe('locked')
    expect(contextOf(run).attemptsLeft).toBe(0)
    expect(run.actor.getSnapshot().can({ type: 'code.submitted', code: '222222' })).toBe(false)

    await waitForResend(run)
    await run.perform({ type: 'code.resend', channel: 'call' })
    await run.perform({
      type: 'xstate.done.actor.sendCode',
      output: { channel: 'call', attemptsLeft: 5, waitPeriod: 30 },
    })
    expect(regions(run).active).toEqual({ code: 'editing', resend: 'countingDown' })
    expect(contextOf(run)).toMatchObject({ failure: null, attemptsLeft: 5, secondsLeft: 30 })
    run.actor.stop()
  })

  it('a new code also clears the failure of a wrong code typed meanwhile', async () => {
    const run = await start()
    await waitForResend(run)
    await run.perform({ type: 'code.submitted', code: '111111' })
    await run.perform({ type: 'xstate.error.actor.verifyCode', error: codeFailures.invalid })
    await run.perform({ type: 'code.resend', channel: 'email' })
    await run.perform({
      type: 'xstate.done.actor.sendCode',
      output: { channel: 'email', attemptsLeft: null, waitPeriod: 30 },
    })
    expect(regions(run).active.code).toBe('editing')
    // The e-mail code brings no count of its own: the last one known is kept.
    expect(contextOf(run)).toMatchObject({ failure: null, attemptsLeft: 4, channel: 'email' })
    run.actor.stop()
  })
})

describe('confirmationChannel machine: resending', () => {
  it('counts calls only: an SMS or an e-mail leaves the call count as it was', async () => {
    const run = await start({ callCount: 2 })
    await waitForResend(run)
    await run.perform({ type: 'code.resend', channel: 'sms' })
    expect(run.deferred.pending.get('sendCode')?.input).toEqual({ progressId: 41, channel: 'sms' })
    await run.perform({
      type: 'xstate.done.actor.sendCode',
      output: { channel: 'sms', attemptsLeft: 5, waitPeriod: 1 },
    })
    expect(contextOf(run)).toMatchObject({ channel: 'sms', callCount: 2 })

    await waitForResend(run)
    await run.perform({ type: 'code.resend', channel: 'call' })
    await run.perform({
      type: 'xstate.done.actor.sendCode',
      output: { channel: 'call', attemptsLeft: 5, waitPeriod: 1 },
    })
    expect(contextOf(run)).toMatchObject({ channel: 'call', callCount: 3 })
    run.actor.stop()
  })

  it('refuses a channel that is not offered, and asks nothing', async () => {
    const run = await start({ hasEmail: false, hasPhone: false })
    await waitForResend(run)
    for (const channel of ['email', 'call', 'sms'] as const) {
      await run.perform({ type: 'code.resend', channel })
      expect(regions(run).active.resend).toBe('ready')
    }
    expect(run.deferred.calls.map((call) => call.id)).toEqual([])
    run.actor.stop()
  })

  it('a refused resend offers the channels again with the reason; a "wait" restarts the countdown', async () => {
    const run = await start()
    await waitForResend(run)
    await run.perform({ type: 'code.resend', channel: 'email' })
    await run.perform({ type: 'xstate.error.actor.sendCode', error: codeFailures.unavailable })
    expect(regions(run).active.resend).toBe('ready')
    expect(contextOf(run).failure).toEqual(codeFailures.unavailable)

    await run.perform({ type: 'code.resend', channel: 'email' })
    await run.perform({ type: 'xstate.error.actor.sendCode', error: codeFailures.rateLimited })
    expect(regions(run).active.resend).toBe('countingDown')
    expect(contextOf(run)).toMatchObject({ secondsLeft: 3, failure: callFailureOf(codeFailures.rateLimited) })
    run.actor.stop()
  })
})
