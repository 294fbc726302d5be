import type { AnyEventObject } from 'xstate'
import { ErrorCode } from '../../contract/error-codes'
import { sessionMachine, type SessionUser } from '../../machines/session'
import { initEventType, startModelActor, type ModelActor } from '../support/model-actor-run'
import type { MachineModelOptions } from '../support/model-coverage'

export const restoredUser: SessionUser = { id: 1, name: 'Restored' }
export const signedInUser: SessionUser = { id: 2, name: 'Signed in' }
export const refreshedUser: SessionUser = { id: 3, name: 'Refreshed' }

/** The session model: the machine and the event cases its generated paths are made of. */
export const machine = sessionMachine

export const modelOptions: MachineModelOptions = {
  // Whether a user was signed in decides how a failed refresh ends (explained, or quietly to sign-in).
  distinguish: ({ context }) => context.user !== null,
  events: {
    'xstate.done.actor.restoreSession': [{ output: restoredUser }],
    'xstate.error.actor.restoreSession': [
      { error: { status: 401, code: ErrorCode.tokenExpiredOrRateLimited } },
      { error: { status: 401, code: ErrorCode.tokenInvalid } },
    ],
    'session.started': [{ user: signedInUser }],
    'token.expired': [{}],
    'token.invalid': [{}],
    'session.ended': [{}],
    'xstate.done.actor.refreshToken': [{ output: refreshedUser }],
    'xstate.error.actor.refreshToken': [{ error: new Error('refresh token reused') }],
    'xstate.done.actor.endSession': [{ output: undefined }],
    'xstate.error.actor.endSession': [{ error: new Error('network down') }],
  },
}

/** A live session actor (deferred calls) that has taken `events` in order since it started. */
export async function sessionAfter(...events: AnyEventObject[]): Promise<ModelActor> {
  const run = startModelActor(sessionMachine)
  for (const event of [{ type: initEventType }, ...events]) await run.perform(event)
  return run
}
