import { describe, expect, it } from 'vitest'
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

function expectObservable(step: WalkedStep) {
  const { event, snapshot } = step
  if (step.state !== 'joined' && step.state !== 'authorize') expect(step.route).toBe('/invite/$token')

  switch (event.type) {
    case 'xstate.done.actor.loadInvite':
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
      expect(snapshot.context.unavailable).toBe('unknown')
      break
    case 'registration.submitted':
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
      expect(step.actions).toEqual([{ type: 'startSession', params: { pair: tokenPair } }])
      // A new person goes to the plain home page: no company is chosen for them.
      expect(snapshot.context.joinedCompanyId).toBeNull()
      break
    case 'xstate.error.actor.register':
      if (event.error === failures.used) expect(snapshot.context.unavailable).toBe('used')
      else expect(snapshot.context.failure.fieldErrors.email).toBeDefined()
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
