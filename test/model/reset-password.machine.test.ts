import { describe, expect, it } from 'vitest'
import { callFailureOf } from '../../machines/call-failure'
import { screenMetaOf } from '../../machines/route-meta'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import { failures, machine, modelOptions } from './reset-password.model'
import { writeWalkRecord } from '../support/walk-record-writer'

const model = createMachineModel(machine, modelOptions)

/** What the flow–route bridge reads at each step; the finished reset replaces its entry, so Back skips the form. */
const screenOfStep: Record<string, object> = {
  sendCode: { route: '/signin/reset/send_code', area: 'public' },
  confirmCode: { route: '/signin/reset/confirm_code', area: 'public' },
  changePassword: { route: '/signin/reset/change_password', area: 'public' },
  done: { route: '/signin', area: 'public', history: 'replace' },
}

function expectObservable(step: WalkedStep) {
  const { event, snapshot } = step
  const screen = step.state.split('.')[0]!
  expect(screenMetaOf(snapshot)).toEqual(screenOfStep[screen])
  expect(snapshot.status).toBe(screen === 'done' ? 'done' : 'active')

  switch (event.type) {
    case 'xstate.init':
      // A reset starts at the contact form, empty, and calls nothing until the user sends it.
      expect(step.state).toBe('sendCode.editing')
      expect(snapshot.context.contact).toBe('')
      expect(step.started).toEqual([])
      break
    case 'xstate.route':
      // A step's URL moves the machine to that step only when it was reached; what was entered stays.
      expect(`#resetPassword.${step.state.split('.')[0]}`).toBe((event as unknown as { to: string }).to)
      expect(step.started).toEqual([])
      break
    case 'contact.submitted':
      expect(step.state).toBe('sendCode.sending')
      expect(step.started).toEqual([
        { id: 'sendCode', src: 'sendCode', input: { contact: 'anna@example.com' } },
      ])
      break
    case 'xstate.done.actor.sendCode':
    case 'xstate.done.actor.resendCode':
      // The resend countdown starts from the server's wait period.
      expect(step.state).toBe('confirmCode.entering')
      expect(snapshot.context.secondsLeft).toBe(1)
      expect(snapshot.context.channel).toBe('email')
      break
    case 'xstate.error.actor.sendCode':
    case 'xstate.error.actor.createToken':
      // The same form again, with the server's reason.
      expect(step.state).toBe(
        event.type === 'xstate.error.actor.sendCode' ? 'sendCode.editing' : 'confirmCode.entering',
      )
      expect(snapshot.context.failure).toEqual(callFailureOf(event.error))
      break
    case 'code.resend':
      expect(step.state).toBe('confirmCode.resending')
      expect(step.started).toEqual([
        { id: 'resendCode', src: 'sendCode', input: { contact: 'anna@example.com' } },
      ])
      break
    case 'xstate.error.actor.resendCode':
      // Too early: the server's wait restarts the countdown.
      expect(step.state).toBe('confirmCode.entering')
      expect(snapshot.context.failure).toEqual(callFailureOf(event.error))
      expect(snapshot.context.secondsLeft).toBe(failures.tooEarly.waitPeriod)
      break
    case 'contact.change':
      // Back to the contact form with the contact as it was typed.
      expect(step.state).toBe('sendCode.editing')
      expect(snapshot.context.contact).toBe('anna@example.com')
      break
    case 'xstate.after.1000.resetPassword.confirmCode.entering':
      expect(snapshot.context.secondsLeft).toBe(0)
      break
    case 'code.submitted':
      expect(step.state).toBe('confirmCode.checking')
      expect(step.started[0]?.input).toEqual({ contact: 'anna@example.com', code: '123456' })
      break
    case 'xstate.done.actor.createToken':
      expect(step.state).toBe('changePassword.editing')
      expect(snapshot.context.token).toBe('reset-token')
      break
    case 'password.submitted':
      expect(step.state).toBe('changePassword.saving')
      expect(step.started[0]?.input).toEqual({
        contact: 'anna@example.com',
        token: 'reset-token',
        password: 'a fine passphrase',
        confirmPassword: 'a fine passphrase',
      })
      break
    case 'xstate.error.actor.setNewPassword':
      expect(step.state).toBe(
        event.error === failures.tokenRefused ? 'sendCode.editing' : 'changePassword.editing',
      )
      expect(snapshot.context.failure).toEqual(callFailureOf(event.error))
      // A refused token is dropped: the change-password step cannot be reached again without a new code.
      expect(snapshot.context.token).toBe(event.error === failures.tokenRefused ? null : 'reset-token')
      break
    case 'xstate.done.actor.setNewPassword':
      // The reset state is cleared, then the sign-in screen is told.
      expect(step.state).toBe('done')
      expect(snapshot.context).toMatchObject({ contact: '', token: null, channel: null })
      expect(step.actions).toEqual([{ type: 'announceReset' }])
      break
  }
}

describe('resetPassword machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, () => model.walk(path, expectObservable))
  }

  it('covers every state and transition', () => {
    // The record is written first, so that a shortfall is still reported.
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(machine, model.walked)
  })
})
