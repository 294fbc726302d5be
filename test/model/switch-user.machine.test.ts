import { describe, expect, it } from 'vitest'
import type { SwitchUserContext } from '../../machines/switch-user'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import { writeWalkRecord } from '../support/walk-record-writer'
import { code, codeSession, machine, modelOptions, owner, switchToken } from './switch-user.model'

const model = createMachineModel(machine, modelOptions)

/** What support sees follows from the machine: each step checked against what it should have done. */
function expectObservable(step: WalkedStep) {
  const context = step.snapshot.context as SwitchUserContext
  const { type } = step.event
  for (const call of step.started) {
    const expected = {
      requestSwitchToken: { userId: owner.id },
      switchUser: { token: switchToken },
      confirmSwitch: { token: switchToken, uuid: codeSession.uuid, code },
    }[call.id]
    expect(expected, `unexpected actor ${call.id}`).toBeDefined()
    expect(call.input).toEqual(expected)
  }
  if (type === 'user.chosen') {
    expect(step.started.map((call) => call.id)).toEqual(['requestSwitchToken'])
    expect(context.target).toEqual(owner)
    expect(context.failure).toBeNull()
  }
  if (type === 'xstate.done.actor.requestSwitchToken') {
    // The token is exchanged at once: it lives only a minute.
    expect(step.started.map((call) => call.id)).toEqual(['switchUser'])
  }
  if (type === 'xstate.done.actor.switchUser') {
    const { output } = step.event as unknown as { output: unknown }
    expect(step.state).toBe(output === null ? 'switched' : 'enteringCode')
    expect(context.codeSession).toEqual(output)
  }
  if (type === 'code.submitted') expect(step.started.map((call) => call.id)).toEqual(['confirmSwitch'])
  if (type === 'xstate.error.actor.confirmSwitch') {
    // Only a wrong code keeps the code step; a spent token starts over.
    const wrong = context.failure?.code === 2001
    expect(step.state).toBe(wrong ? 'enteringCode' : 'choosing')
    expect(context.codeSession).toEqual(wrong ? codeSession : null)
  }
  if (type.startsWith('xstate.error.actor.')) {
    expect(context.failedCall).toBe(type.slice('xstate.error.actor.'.length))
    // Support is told who the failure was about.
    expect(context.target).toEqual(owner)
  }
  if (step.state === 'choosing') {
    expect(context.token).toBeNull()
    expect(context.codeSession).toBeNull()
  }
  if (step.state === 'switched') {
    expect(step.actions.map((action) => action.type)).toContain('openSwitchedAccount')
    expect(step.snapshot.status).toBe('done')
  } else {
    expect(step.actions.map((action) => action.type)).not.toContain('openSwitchedAccount')
  }
  if (type === 'switch.cancelled') {
    expect(step.started).toEqual([])
    expect(context.failure).toBeNull()
  }
}

describe('switchUser machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, () => model.walk(path, expectObservable))
  }

  it('covers every state and transition', () => {
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(machine, model.walked)
  })
})
