import { describe, expect, it } from 'vitest'
import { callFailureOf } from '../../machines/call-failure'
import { screenMetaOf } from '../../machines/route-meta'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import {
  failures,
  form,
  joinedCompanyId,
  machine,
  modelOptions,
  pendingInvite,
  tokenPair,
} from './invite.model'
import { writeWalkRecord } from '../support/walk-record-writer'

const model = createMachineModel(machine, modelOptions)

const invitationScreen = { route: '/invite/$token', area: 'public' }

/**
 * What the flow–route bridge reads in each state: the route, the area, and whether the step replaces the
 * current history entry. Joining replaces it, so Back does not return to a used invitation.
 */
const screenOf: Record<string, object> = {
  loading: invitationScreen,
  accept: invitationScreen,
  register: invitationScreen,
  unavailable: invitationScreen,
  authorize: { route: '/signin?redirect=$invitePath', area: 'public' },
  joined: { route: '/?company=$joinedCompanyId', area: 'private', history: 'replace' },
}

/** The states where the flow is over: the screen hands over to sign-in or home, or only says why it cannot go on. */
const finalStates = ['authorize', 'unavailable', 'joined']

function expectObservable(step: WalkedStep) {
  const { event, snapshot } = step
  const screen = step.state.split('.')[0]!
  expect(screenMetaOf(snapshot)).toEqual(screenOf[screen])
  expect(snapshot.status).toBe(finalStates.includes(screen) ? 'done' : 'active')

  switch (event.type) {
    case 'xstate.init':
      expect(step.started).toEqual([
        { id: 'loadInvite', src: 'loadInvite', input: { token: 'invite-token' } },
      ])
      break
    case 'xstate.done.actor.loadInvite':
      // The invitation as loaded is kept whatever it says: who invites, to which company.
      expect(snapshot.context.invite).toEqual(event.output.invite)
      if (event.output.invite.status === 'pending') {
        // A signed-in visitor accepts with one button; a new person registers.
        expect(step.state).toBe(event.output.signedIn ? 'accept.idle' : 'register.editing')
        expect(snapshot.context.invite).toEqual(pendingInvite)
      } else {
        // An accepted invite is "used" to everyone else; each reason gets its own screen.
        expect(step.state).toBe('unavailable')
        const status = event.output.invite.status
        expect(snapshot.context.unavailable).toBe(status === 'accepted' ? 'used' : status)
      }
      break
    case 'xstate.error.actor.loadInvite':
      expect(step.state).toBe('unavailable')
      expect(snapshot.context.unavailable).toBe('unknown')
      break
    case 'invite.accept':
      expect(step.state).toBe('accept.accepting')
      expect(snapshot.context.failure).toBeNull()
      expect(step.started).toEqual([
        { id: 'acceptInvite', src: 'acceptInvite', input: { token: 'invite-token' } },
      ])
      break
    case 'registration.submitted':
      expect(step.state).toBe('register.registering')
      expect(snapshot.context.failure).toBeNull()
      expect(step.started).toEqual([
        { id: 'register', src: 'register', input: { token: 'invite-token', form } },
      ])
      break
    case 'invite.signInChosen':
      // An existing user signs in to accept: the flow hands over to sign-in and nothing is called.
      expect(step.state).toBe('authorize')
      expect(step.route).toBe('/signin?redirect=$invitePath')
      expect(step.started).toEqual([])
      break
    case 'xstate.done.actor.register':
      expect(step.state).toBe('joined')
      expect(step.actions).toEqual([{ type: 'startSession', params: { pair: tokenPair } }])
      // A new person goes to the plain home page: no company is chosen for them.
      expect(snapshot.context.joinedCompanyId).toBeNull()
      break
    case 'xstate.error.actor.register':
      if (event.error === failures.used) {
        expect(step.state).toBe('unavailable')
        expect(snapshot.context.unavailable).toBe('used')
      } else {
        // The form is shown again with the server's words next to its fields.
        expect(step.state).toBe('register.editing')
        expect(snapshot.context.failure).toEqual(callFailureOf(event.error))
        expect(snapshot.context.failure.fieldErrors.email).toBeDefined()
      }
      break
    case 'xstate.done.actor.acceptInvite':
      // The joined company is chosen by the home route the final state names, not by an action.
      expect(step.actions).toEqual([])
      expect(snapshot.context.joinedCompanyId).toBe(joinedCompanyId)
      expect(step.route).toBe('/?company=$joinedCompanyId')
      break
    case 'xstate.error.actor.acceptInvite':
      expect(step.state).toBe(event.error === failures.revoked ? 'unavailable' : 'accept.idle')
      if (event.error === failures.revoked) expect(snapshot.context.unavailable).toBe('revoked')
      // A failed request leaves the button to press again, with the failure to explain it.
      else expect(snapshot.context.failure).toEqual(callFailureOf(event.error))
      break
  }
}

describe('invite machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, () => model.walk(path, expectObservable))
  }

  it('covers every state and transition', () => {
    // The record is written first, so that a shortfall is still reported.
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(machine, model.walked)
  })
})
