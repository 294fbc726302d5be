import { describe, expect, it } from 'vitest'
import { defaultRedirectLocation, redirectTimeoutMs } from '../../machines/embedded'
import { screenMetaOf } from '../../machines/route-meta'
import { startModelActor } from '../support/model-actor-run'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import {
  completion,
  machine as embeddedMachine,
  modelOptions,
  parentOrigin,
  parentToken,
} from './embedded.model'
import { writeWalkRecord } from '../support/walk-record-writer'

const model = createMachineModel(embeddedMachine, modelOptions)

// The completion screen replaces the current history entry: Back must not return into a finished registration.
const completionScreen = { route: '/onboarding/complete/$registrationId', area: 'public', history: 'replace' }

// Only the completion screens are routes; the other states leave the user where they are.
const screenOf: Record<string, object | undefined> = {
  detecting: undefined,
  'standalone.idle': undefined,
  'standalone.completed': completionScreen,
  'embedded.idle': undefined,
  'embedded.issuingParentToken': completionScreen,
  'embedded.loggingOut': completionScreen,
  'embedded.completionFailed': completionScreen,
  'embedded.completed': completionScreen,
  'embedded.redirecting': undefined,
}

/** The names of the messages a step posted to the parent, in order. */
const postsOf = (step: WalkedStep) =>
  step.actions.filter((action) => action.type.startsWith('post')).map((action) => action.type)

/** What the parent receives and what the app starts at each step. */
function expectObservable(step: WalkedStep) {
  expect(screenMetaOf(step.snapshot)).toEqual(screenOf[step.state])
  const { context } = step.snapshot
  const posts = postsOf(step)
  if (step.state.startsWith('standalone') || step.state === 'detecting') {
    // Nothing ever reaches a parent that is not on the allow-list.
    expect(posts).toEqual([])
    expect(context.parentOrigin).toBeNull()
  }
  switch (step.event.type) {
    case 'xstate.done.actor.detectEmbedding':
      if (step.state === 'embedded.idle') {
        expect(context.parentOrigin).toBe(parentOrigin)
        expect(posts).toEqual(['postReady'])
      }
      return
    case 'parent.pinged':
      expect(posts).toEqual(['postReady'])
      return
    case 'page.visited':
      expect(step.actions.filter((action) => action.type === 'postWebPageVisit')).toEqual([
        { type: 'postWebPageVisit', params: { path: '/en/onboarding/complete/99', registrationId: 99 } },
      ])
      return
    case 'session.loggedOut':
      expect(posts).toEqual(['postLogin'])
      return
    case 'password.resetCompleted':
      expect(posts).toEqual(['postResetPasswordComplete'])
      return
    case 'registration.completed':
      expect(context.completion).toEqual(completion)
      expect(context.registrationId).toBe(completion.registrationId)
      expect(posts).toEqual([])
      if (step.state === 'embedded.issuingParentToken') {
        // The token is asked for first, while the frame's session can still prove who the user is.
        expect(step.started).toEqual([
          { id: 'issueParentToken', src: 'issueParentToken', input: { parentOrigin } },
        ])
      }
      return
    case 'completion.retried':
      expect(step.started.map((call) => call.id)).toEqual(['issueParentToken'])
      return
    case 'xstate.done.actor.issueParentToken':
      // The frame logs out before anything is posted.
      expect(context.parentToken).toBe(parentToken)
      expect(step.started.map((call) => call.id)).toEqual(['logoutFrameSession'])
      expect(posts).toEqual([])
      return
    case 'xstate.error.actor.issueParentToken':
      expect(step.started).toEqual([])
      expect(posts).toEqual([])
      return
    case 'xstate.done.actor.logoutFrameSession':
    case 'xstate.error.actor.logoutFrameSession':
      expect(posts).toEqual(['postRegistrationComplete'])
      expect(context.parentToken).toBe(parentToken)
      return
    case 'xstate.after.redirectTimeout.embedded.embedded.completed':
      expect(posts).toEqual(['postRedirect'])
      expect(step.actions.at(-1)).toEqual({
        type: 'postRedirect',
        params: { location: defaultRedirectLocation },
      })
      return
    case 'location.redirect': {
      const location = (step.event as { location?: string }).location ?? defaultRedirectLocation
      expect(step.actions.at(-1)).toEqual({ type: 'postRedirect', params: { location } })
      return
    }
  }
  expect(posts).toEqual([])
}

describe('embedded machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, () => model.walk(path, expectObservable))
  }

  it('asks the parent to redirect to /cabinet/info exactly 20 s after the completion, on a simulated clock', async () => {
    const run = startModelActor(embeddedMachine)
    await run.perform({ type: 'xstate.init' })
    await run.perform({ type: 'xstate.done.actor.detectEmbedding', output: { origin: parentOrigin } })
    run.actor.send({ type: 'registration.completed', completion })
    await run.perform({ type: 'xstate.done.actor.issueParentToken', output: parentToken })
    await run.perform({ type: 'xstate.done.actor.logoutFrameSession', output: undefined })
    run.takeObservation()

    run.clock.increment(redirectTimeoutMs - 1)
    expect(run.actor.getSnapshot().value).toEqual({ embedded: 'completed' })
    expect(run.takeObservation().actions).toEqual([])

    run.clock.increment(1)
    expect(run.actor.getSnapshot().value).toEqual({ embedded: 'redirecting' })
    expect(run.takeObservation().actions).toEqual([
      { type: 'postRedirect', params: { location: '/cabinet/info' } },
    ])
    run.actor.stop()
  })

  it('does not report the completion as a logout, nor a logout before the session existed', async () => {
    const run = startModelActor(embeddedMachine)
    await run.perform({ type: 'xstate.init' })
    await run.perform({ type: 'xstate.done.actor.detectEmbedding', output: { origin: parentOrigin } })
    run.actor.send({ type: 'registration.completed', completion })
    await run.perform({ type: 'xstate.done.actor.issueParentToken', output: parentToken })
    // The frame's own logout ends its session while the completion is handed over: not a `login`.
    expect(run.actor.getSnapshot().can({ type: 'session.loggedOut' })).toBe(false)
    run.actor.stop()
  })

  it('covers every state and transition', () => {
    // The record is written first, so that a shortfall is still reported.
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(embeddedMachine, model.walked)
  })
})
