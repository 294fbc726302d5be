import { describe, expect, it } from 'vitest'
import { landingFor } from '../../machines/onboarding-steps'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import {
  machine as onboardingMachine,
  modelOptions,
  newAccount,
  ownAccount,
  progressId,
} from './onboarding.model'
import { writeWalkRecord } from '../support/walk-record-writer'

const model = createMachineModel(onboardingMachine, modelOptions)

// The screen each state shows; states without one keep the last screen under a spinner.
const routeOf: Record<string, string | undefined> = {
  entering: undefined,
  'first.forbiddenNotice': '/onboarding/first',
  'first.form': '/onboarding/first',
  'first.submitting': '/onboarding/first',
  confirmCode: '/onboarding/confirm_code/$id',
  restoring: undefined,
  'second.editing': '/onboarding/second/$id',
  'second.saving': '/onboarding/second/$id',
  'third.editing': '/onboarding/third/$id',
  'third.saving': '/onboarding/third/$id',
  'fourth.editing': '/onboarding/fourth/$id',
  'fourth.saving': '/onboarding/fourth/$id',
  'fifth.editing': '/onboarding/fifth/$id',
  'fifth.saving': '/onboarding/fifth/$id',
  loadingInvites: undefined,
  createOrJoin: '/onboarding/create_or_join/$id',
  'continueRegister.editing': '/onboarding/continue_register/$id',
  'continueRegister.submitting': '/onboarding/continue_register/$id',
  'finishingSignedIn.working': undefined,
  'finishingSignedIn.failed': undefined,
  welcome: '/onboarding_individual/welcome/$id',
  completed: '/onboarding/complete/$id',
}

const topOf = (state: string) => state.split('.')[0]!

function expectObservable(step: WalkedStep) {
  expect(step.route).toBe(routeOf[step.state])
  const { event, snapshot } = step
  const context = snapshot.context

  switch (event.type) {
    case 'route.opened': {
      const opened = event as unknown as { screen: string; progressId: number | null }
      if (
        step.from !== undefined &&
        topOf(step.from) === topOf(step.state) &&
        step.passedThrough.length <= 1
      ) {
        // The URL of the screen already shown changes nothing.
        expect(step.state).toBe(step.from)
      } else if (opened.screen === 'first' || opened.screen === 'confirm_code') {
        // confirm_code reached from anywhere but first goes to first, which says why.
        expect(topOf(step.state)).toBe('first')
        expect(context.reason).toBe(opened.screen === 'confirm_code' ? 'code_reopened' : null)
      } else {
        expect(step.state).toBe('restoring')
        expect(step.started).toEqual([
          { id: 'loadProgress', src: 'loadProgress', input: { progressId: opened.progressId } },
        ])
      }
      return
    }
    case 'notice.accepted':
      expect(step.state).toBe('first.form')
      expect(step.actions).toEqual([{ type: 'rememberNoticeAccepted', params: undefined }])
      return
    case 'first.submitted':
      expect(step.started[0]).toMatchObject({ src: 'submitFirst', input: { variant: context.variant } })
      return
    case 'xstate.done.actor.submitFirst': {
      const output = (
        event as unknown as { output: { progress: { status: string } | null; needRecaptcha: boolean } }
      ).output
      if (output.needRecaptcha) {
        expect(step.state).toBe('first.form')
        expect(context.needRecaptcha).toBe(true)
      } else if (output.progress?.status === 'user_without_companies') {
        // A signed-in visitor skips the code.
        expect(step.state).toBe('second.editing')
      } else {
        expect(step.state).toBe('confirmCode')
        expect(step.started[0]).toMatchObject({
          src: 'confirmationChannel',
          input: { progressId, channel: 'call', waitPeriod: 30, callCount: 1 },
        })
      }
      return
    }
    case 'xstate.done.actor.confirmationChannel':
      expect(step.state).toBe('second.editing')
      return
    case 'xstate.done.actor.loadProgress':
    case 'xstate.done.actor.saveStep': {
      // The progress decides the screen (SPEC.md section 4).
      const landing = landingFor(context.progress, context.requested, context.variant)
      expect(topOf(step.state)).toBe(landing === 'finish' ? 'loadingInvites' : landing)
      return
    }
    case 'xstate.error.actor.saveStep': {
      const status = (event as unknown as { error: { status: number } }).error.status
      if (status === 403) {
        expect(topOf(step.state)).toBe('first')
        expect(context.reason).toBe('confirm_again')
      } else {
        expect(step.state).toMatch(/\.editing$/)
        expect(context.failure?.fieldErrors).toEqual({ name: ['Enter a name'] })
      }
      return
    }
    case 'xstate.error.actor.loadProgress':
      expect(topOf(step.state)).toBe('first')
      return
    case 'xstate.done.actor.loadInvites':
    case 'xstate.error.actor.loadInvites': {
      const invites = (event as unknown as { output?: number }).output ?? 0
      const signedIn = context.progress?.status === 'user_without_companies'
      expect(step.state).toBe(
        invites > 0 ? 'createOrJoin' : signedIn ? 'finishingSignedIn.working' : 'continueRegister.editing',
      )
      return
    }
    case 'invites.accepted':
    case 'company.chosen': {
      // The choice travels to the last call: join the invites, or create a company of one's own.
      const joining = event.type === 'invites.accepted'
      if (context.progress?.status === 'user_without_companies') {
        expect(step.state).toBe('finishingSignedIn.working')
        expect(step.started).toEqual([
          { id: 'finishSignedIn', src: 'finishSignedIn', input: { progressId, joining } },
        ])
      } else {
        expect(step.state).toBe('continueRegister.editing')
        expect(context.joining).toBe(joining)
      }
      return
    }
    case 'registration.submitted':
      expect(step.started).toEqual([
        {
          id: 'register',
          src: 'register',
          input: {
            progressId,
            joining: context.joining,
            values: { name: 'Vera', password: 'long-secret-1' },
          },
        },
      ])
      return
    case 'xstate.done.actor.register':
    case 'xstate.done.actor.finishSignedIn':
    case 'welcome.continued': {
      const individual = context.progress?.placeCountId === 3
      if (individual && event.type !== 'welcome.continued') {
        expect(step.state).toBe('welcome')
        expect(step.actions).toEqual([])
        return
      }
      // Completion hands the session (or, signed in, nothing new) to the app once.
      expect(step.state).toBe('completed')
      expect(snapshot.status).toBe('done')
      expect(step.actions).toEqual([
        {
          type: 'reportCompletion',
          params: {
            completion: context.progress?.status === 'user_without_companies' ? ownAccount : newAccount,
            progressId,
          },
        },
      ])
      return
    }
    default:
      // Nothing else asks the app for anything.
      expect(step.actions.filter((action) => action.type === 'reportCompletion')).toEqual([])
  }
}

describe('onboarding machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, () => model.walk(path, expectObservable))
  }

  it('covers every state and transition', () => {
    // The record is written first, so that a shortfall is still reported.
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(onboardingMachine, model.walked)
  })
})
