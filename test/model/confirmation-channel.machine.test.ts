import { describe, expect, it } from 'vitest'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import {
  confirmedProgress,
  machine as confirmationChannelMachine,
  modelOptions,
} from './confirmation-channel.model'
import { writeWalkRecord } from '../support/walk-record-writer'

const model = createMachineModel(confirmationChannelMachine, modelOptions)

const regionOf = (state: string, region: 'code' | 'resend') =>
  state
    .split(' | ')
    .find((leaf) => leaf.startsWith(`active.${region}.`))
    ?.slice(`active.${region}.`.length)

function expectObservable(step: WalkedStep) {
  const { event, snapshot } = step
  const context = snapshot.context
  // No state of this machine is a screen of its own: confirm_code shows it.
  expect(step.route).toBeUndefined()

  switch (event.type) {
    case 'xstate.init':
      expect(regionOf(step.state, 'code')).toBe('editing')
      expect(regionOf(step.state, 'resend')).toBe('countingDown')
      expect(context.secondsLeft).toBe(2)
      return
    case 'code.submitted':
      expect(regionOf(step.state, 'code')).toBe('verifying')
      expect(step.started).toEqual([
        { id: 'verifyCode', src: 'verifyCode', input: { progressId: 41, code: '123456' } },
      ])
      return
    case 'xstate.done.actor.verifyCode':
      expect(step.state).toBe('confirmed')
      expect(snapshot.output).toEqual(confirmedProgress)
      return
    case 'xstate.error.actor.verifyCode': {
      const error = (event as unknown as { error: { code: number } }).error
      // 2002: attempts are used up, only a new code helps.
      expect(regionOf(step.state, 'code')).toBe(error.code === 2002 ? 'locked' : 'editing')
      // The screen shows the code's text, the message and the attempts left from the failure as it came.
      expect(context.failure).toEqual(error)
      return
    }
    case 'xstate.after.1000.confirmationChannel.active.resend.countingDown': {
      // One tick a second; the countdown stops at 0, where resending becomes possible.
      const resend = regionOf(step.state, 'resend')
      expect(context.secondsLeft).toBeGreaterThanOrEqual(0)
      expect(resend).toBe(context.secondsLeft === 0 ? 'ready' : 'countingDown')
      return
    }
    case 'code.resend': {
      const channel = (event as unknown as { channel: string }).channel
      expect(regionOf(step.state, 'resend')).toBe('sending')
      expect(step.started).toEqual([{ id: 'sendCode', src: 'sendCode', input: { progressId: 41, channel } }])
      // SMS is only offered once two calls were made.
      if (channel === 'sms') expect(context.callCount).toBeGreaterThanOrEqual(2)
      expect(channel).not.toBe('sms_vonage')
      return
    }
    case 'xstate.done.actor.sendCode': {
      const output = (event as unknown as { output: { channel: string; waitPeriod: number } }).output
      expect(regionOf(step.state, 'resend')).toBe('countingDown')
      expect(context.secondsLeft).toBe(output.waitPeriod)
      // A new code unlocks the code field.
      expect(regionOf(step.state, 'code')).not.toBe('locked')
      return
    }
    case 'xstate.error.actor.sendCode': {
      const error = (event as unknown as { error: { code: number | null } }).error
      expect(regionOf(step.state, 'resend')).toBe(error.code === 1001 ? 'countingDown' : 'ready')
      expect(context.failure).toEqual(error)
      return
    }
    default:
      throw new Error(`unexpected event ${event.type}`)
  }
}

describe('confirmationChannel machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, () => model.walk(path, expectObservable))
  }

  it('counts calls: SMS becomes available at the second call', async () => {
    const smsPath = model.paths.find((path) =>
      path.steps.some(
        (step) => step.event.type === 'code.resend' && (step.event as { channel?: string }).channel === 'sms',
      ),
    )
    expect(smsPath).toBeDefined()
    const calls = smsPath!.steps.filter(
      (step) =>
        step.event.type === 'xstate.done.actor.sendCode' &&
        (step.event as { output?: { channel?: string } }).output?.channel === 'call',
    )
    expect(calls.length).toBeGreaterThanOrEqual(1)
  })

  it('covers every state and transition', () => {
    // The record is written first, so that a shortfall is still reported.
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(confirmationChannelMachine, model.walked)
  })
})
