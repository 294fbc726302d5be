import { switchUserMachine, type SwitchCodeSession, type SwitchTarget } from '../../machines/switch-user'
import type { MachineModelOptions } from '../support/model-coverage'

export const machine = switchUserMachine

/** The salon owner support helps: the demo owner. */
export const owner: SwitchTarget = { id: 7, name: 'Anna Demo' }
export const switchToken = 'switch-token-1'
/** Support's own account asks for an e-mail code before acting as someone. */
export const codeSession: SwitchCodeSession = {
  uuid: '6a1f3c2e-0b5d-4c1e-9f2a-1b2c3d4e5f60',
  transport: 'email',
  recipient: 's***@example.com',
}
export const code = '123456'

export const wrongCode = { status: 422, code: 2001, message: 'invalid confirmation code' }
/** The token ran out (a minute) or was used: the server answers 422 on `token`. */
export const tokenRefused = {
  status: 422,
  message: 'Validation failed',
  fieldErrors: { token: ['The switch token is invalid or expired'] },
}
export const notAllowed = { status: 403, message: 'You may not sign in as this user' }

export const modelOptions: MachineModelOptions = {
  events: {
    'user.chosen': [{ target: owner }],
    'xstate.done.actor.requestSwitchToken': [{ output: switchToken }],
    'xstate.error.actor.requestSwitchToken': [{ error: notAllowed }],
    'xstate.done.actor.switchUser': [{ output: null }, { output: codeSession }],
    'xstate.error.actor.switchUser': [{ error: tokenRefused }],
    'code.submitted': [{ code }],
    'switch.cancelled': [{}],
    'xstate.done.actor.confirmSwitch': [{ output: undefined }],
    'xstate.error.actor.confirmSwitch': [{ error: wrongCode }, { error: tokenRefused }],
  },
}
