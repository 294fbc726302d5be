import { describe, expect, it } from 'vitest'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import { failures, machine, modelOptions } from './reset-password.model'
import { writeWalkRecord } from '../support/walk-record-writer'

const model = createMachineModel(machine, modelOptions)

const routeOfStep: Record<string, string> = {
  sendCode: '/signin/reset/send_code',
  confirmCode: '/signin/reset/confirm_code',
  changePassword: '/signin/reset/change_password',
  done: '/signin',
}

function expectObservable(step: WalkedStep) {
  const { event, snapshot } = step
  expect(step.route).toBe(routeOfStep[step.state.split('.')[0]!])

  switch (event.type) {
    case 'xstate.route':
      // A step's URL moves the machine to that step only when it was reached; what was entered stays.
      expect(`#resetPassword.${step.state.split('.')[0]}`).toBe((event as unknown as { to: string }).to)
      expect(step.started).toEqual([])
      break
    case 'contact.submitted':
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
    case 'xstate.after.1000.resetPassword.confirmCode.entering':
      expect(snapshot.context.secondsLeft).toBe(0)
      break
    case 'code.submitted':
      expect(step.started[0]?.input).toEqual({ contact: 'anna@example.com', code: '123456' })
      break
    case 'xstate.done.actor.createToken':
      expect(step.state).toBe('changePassword.editing')
      expect(snapshot.context.token).toBe('reset-token')
      break
    case 'password.submitted':
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
