import { describe, expect, it } from 'vitest'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import {
  failures,
  loginSession,
  machine,
  modelOptions,
  offSitePair,
  recoveryCodes,
  redirectedPair,
  refreshedSession,
  tokenPair,
} from './two-factor.model'
import { writeWalkRecord } from '../support/walk-record-writer'

const model = createMachineModel(machine, modelOptions)

function expectObservable(step: WalkedStep) {
  const { event, snapshot } = step
  // Every screen of this flow is /signin/2fa, except having no session at all, which is sign-in.
  if (step.state === 'noSession') expect(step.route).toBe('/signin')
  else if (step.state !== 'signedIn') expect(step.route).toBe('/signin/2fa')

  switch (event.type) {
    case 'code.submitted':
      expect(step.started[0]?.input).toEqual({ uuid: snapshot.context.session.uuid, code: '123456' })
      break
    case 'xstate.after.1000.twoFactor.code.entering':
      // The countdown ticks once a second and stops at 0.
      expect(snapshot.context.secondsLeft).toBe(0)
      break
    case 'xstate.done.actor.verifyCode':
      if ('login_confirmation_session' in event.output) {
        expect(step.state).toBe('code.entering')
        expect(snapshot.context.session).toEqual(refreshedSession)
        expect(snapshot.context.secondsLeft).toBe(refreshedSession.refresh_ttl_sec)
      } else {
        expect(step.state).toBe('signedIn')
        // The returned url is followed only when it is a path on this site; otherwise the user goes home.
        const redirectTo = event.output === redirectedPair ? '/en/?company=2' : null
        expect(event.output === redirectedPair || event.output === offSitePair).toBe(true)
        expect(step.actions).toEqual([
          { type: 'forgetSession' },
          { type: 'finishSignIn', params: { pair: event.output, redirectTo } },
        ])
      }
      break
    case 'xstate.error.actor.verifyCode':
      if (event.error === failures.exhausted) {
        expect(step.state).toBe('ended')
        expect(step.actions).toEqual([
          { type: 'reportFailure', params: { failureClass: 'two_factor_limit' } },
          { type: 'forgetSession' },
        ])
      } else {
        expect(step.state).toBe('code.entering')
        expect(snapshot.context.session.attempts_left).toBe(4)
        expect(snapshot.context.failure.code).toBe(2001)
      }
      break
    case 'xstate.done.actor.refreshSession':
      expect(snapshot.context.session.uuid).toBe(refreshedSession.uuid)
      break
    case 'xstate.error.actor.refreshSession':
      expect(step.state).toBe(event.error === failures.ended ? 'ended' : 'code.entering')
      break
    case 'xstate.done.actor.confirmTotp':
      expect(step.state).toBe('setup.recoveryCodes')
      expect(snapshot.context.signedIn.recovery_codes).toEqual(recoveryCodes)
      break
    case 'codes.acknowledged':
      expect(step.state).toBe('signedIn')
      expect(step.actions).toEqual([
        {
          type: 'finishSignIn',
          params: { pair: { ...tokenPair, recovery_codes: recoveryCodes }, redirectTo: null },
        },
      ])
      break
    case 'xstate.done.actor.restoreSession':
      if (event.output === loginSession) expect(snapshot.context.secondsLeft).toBe(1)
      break
  }
}

describe('twoFactor machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, () => model.walk(path, expectObservable))
  }

  it('covers every state and transition', () => {
    // The record is written first, so that a shortfall is still reported.
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(machine, model.walked)
  })
})
