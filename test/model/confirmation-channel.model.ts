import {
  confirmationChannelMachine,
  type ConfirmationChannelInput,
} from '../../machines/confirmation-channel'
import type { CallFailure } from '../../machines/call-failure'
import type { MachineModelOptions } from '../support/model-coverage'
import { progressAt } from './onboarding.model'

export const machine = confirmationChannelMachine

/** A new visitor's phone code went by a call; a resend may be asked for in 2 seconds. */
export const input: ConfirmationChannelInput = {
  progressId: 41,
  channel: 'call',
  waitPeriod: 2,
  smsChannel: 'sms',
  hasPhone: true,
  hasEmail: true,
  callCount: 1,
}

/** The progress the right code answers: the phone is confirmed, the questionnaire not started. */
export const confirmedProgress = progressAt(0)

const failure = (fields: Partial<CallFailure> & Pick<CallFailure, 'status'>): CallFailure => ({
  code: undefined,
  message: null,
  fieldErrors: {},
  attemptsLeft: undefined,
  waitPeriod: undefined,
  isRequestError: false,
  ...fields,
})

/** The code failures of SPEC.md section 8, as the API client reports them. */
export const codeFailures = {
  invalid: failure({ status: 422, code: 2001, message: 'invalid confirmation code', attemptsLeft: 4 }),
  exhausted: failure({ status: 429, code: 2002, message: 'limit exceeded', attemptsLeft: 0 }),
  rateLimited: failure({ status: 429, code: 1001, message: 'limit exceeded', waitPeriod: 3 }),
  unavailable: failure({ status: 503, message: 'Service unavailable' }),
}

export const modelOptions: MachineModelOptions = {
  input,
  // The countdown and the call counter decide guards; both are bounded here.
  distinguish: ({ context }) => [Math.min(context.secondsLeft, 2), Math.min(context.callCount, 2)],
  events: {
    'code.submitted': [{ code: ' 123456 ' }],
    'code.resend': [{ channel: 'call' }, { channel: 'sms' }, { channel: 'email' }, { channel: 'sms_vonage' }],
    'xstate.after.1000.confirmationChannel.active.resend.countingDown': [{}],
    'xstate.done.actor.verifyCode': [{ output: confirmedProgress }],
    'xstate.error.actor.verifyCode': [
      { error: codeFailures.invalid },
      { error: codeFailures.exhausted },
      { error: { ...codeFailures.rateLimited, waitPeriod: undefined } },
    ],
    'xstate.done.actor.sendCode': (snapshot) => [
      { output: { channel: 'call', attemptsLeft: 5, waitPeriod: 1 } },
      ...(snapshot.context.callCount >= 2
        ? [{ output: { channel: 'sms', attemptsLeft: 5, waitPeriod: 1 } }]
        : []),
    ],
    'xstate.error.actor.sendCode': [
      { error: { ...codeFailures.rateLimited, waitPeriod: 1 } },
      { error: codeFailures.unavailable },
    ],
  },
}
