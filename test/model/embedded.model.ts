import { embeddedMachine, type RegistrationCompletion } from '../../machines/embedded'
import type { MachineModelOptions } from '../support/model-coverage'

/** The admin application's origin in the model and in the screen replays. */
export const parentOrigin = 'https://admin.example.com'

/** A company registration as onboarding reports it. */
export const completion: RegistrationCompletion = {
  registrationId: 41,
  user: { id: 7, name: 'Anna' },
  company: { id: 12 },
  progress: { id: 41, is_completed: true, last_completed_step: 4 },
  isIndividual: false,
}

/** The token the server issues for the parent's own session. */
export const parentToken = 'parent-token'

/** The embedded model: the machine and the event cases its generated paths are made of. */
export const machine = embeddedMachine

export const modelOptions: MachineModelOptions = {
  events: {
    'xstate.done.actor.detectEmbedding': [{ output: { origin: parentOrigin } }, { output: null }],
    'xstate.error.actor.detectEmbedding': [{ error: new Error('allow-list unavailable') }],
    'registration.completed': [{ completion }],
    'xstate.done.actor.issueParentToken': [{ output: parentToken }],
    'xstate.error.actor.issueParentToken': [{ error: new Error('network down') }],
    'completion.retried': [{}],
    'xstate.done.actor.logoutFrameSession': [{ output: undefined }],
    'xstate.error.actor.logoutFrameSession': [{ error: new Error('logout timed out') }],
    'xstate.after.redirectTimeout.embedded.embedded.completed': [{}],
    'location.redirect': [{}, { location: '/cabinet/records' }],
    'page.visited': [{ path: '/en/onboarding/complete/99', registrationId: 99 }],
    'session.loggedOut': [{}],
    'password.resetCompleted': [{}],
    'parent.pinged': [{}],
  },
}
