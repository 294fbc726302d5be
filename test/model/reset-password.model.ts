import { resetPasswordMachine } from '../../machines/reset-password'
import type { MachineModelOptions } from '../support/model-coverage'

/** A code went by e-mail; another may be asked for after one tick, so the model reaches "may resend". */
export const codeSent = { channel: 'email', wait_period: 1 } as const

export const failures = {
  invalidContact: {
    status: 422,
    message: 'Validation failed',
    fieldErrors: { user_contact_info: ['Enter a valid e-mail or phone'] },
  },
  invalidCode: {
    status: 422,
    code: 2001,
    message: 'invalid confirmation code',
    attemptsLeft: 4,
  },
  tooEarly: { status: 429, code: 1001, message: 'limit exceeded', waitPeriod: 1 },
  commonPassword: {
    status: 422,
    message: 'Validation failed',
    fieldErrors: { password: ['This password is too common. Choose another one.'] },
  },
  tokenRefused: {
    status: 422,
    message: 'This reset has expired. Please ask for a new code.',
    fieldErrors: { token: ['expired'] },
  },
}

export const machine = resetPasswordMachine

export const modelOptions: MachineModelOptions = {
  // Whether a code was sent and a token is held decide which steps' URLs the machine accepts.
  distinguish: ({ context }) => [context.secondsLeft === 0, context.channel !== null, context.token !== null],
  events: {
    // A step's URL opened by Back, Forward, a reload or a link: the routable states.
    'xstate.route': [
      { to: '#resetPassword.sendCode' },
      { to: '#resetPassword.confirmCode' },
      { to: '#resetPassword.changePassword' },
    ],
    'contact.submitted': [{ contact: ' anna@example.com ' }],
    'xstate.done.actor.sendCode': [{ output: codeSent }],
    'xstate.error.actor.sendCode': [{ error: failures.invalidContact }],
    'xstate.after.1000.resetPassword.confirmCode.entering': [{}],
    'code.submitted': [{ code: ' 123456 ' }],
    'code.resend': [{}],
    'contact.change': [{}],
    'xstate.done.actor.resendCode': [{ output: codeSent }],
    'xstate.error.actor.resendCode': [{ error: failures.tooEarly }],
    'xstate.done.actor.createToken': [{ output: 'reset-token' }],
    'xstate.error.actor.createToken': [{ error: failures.invalidCode }],
    'password.submitted': [{ password: 'a fine passphrase', confirmPassword: 'a fine passphrase' }],
    'xstate.done.actor.setNewPassword': [{ output: undefined }],
    'xstate.error.actor.setNewPassword': [
      { error: failures.commonPassword },
      { error: failures.tokenRefused },
    ],
  },
}
