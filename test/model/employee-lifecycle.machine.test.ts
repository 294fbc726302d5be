import { describe, expect, it } from 'vitest'
import {
  refusalKind,
  type EmployeeLifecycleContext,
  type EmployeeStatus,
} from '../../machines/employee-lifecycle'
import { callFailureOf } from '../../machines/call-failure'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import { writeWalkRecord } from '../support/walk-record-writer'
import {
  dismissal,
  impact,
  machine,
  modelOptions,
  networkFailure,
  ownerRefusal,
} from './employee-lifecycle.model'

const model = createMachineModel(machine, modelOptions)
const ids = { companyId: 5, staffId: 31 }

/** Where each status shows the card: the state the machine must settle in after a read or a change. */
const stateOfStatus: Record<EmployeeStatus, string> = {
  active: 'active',
  fired: 'dismissed',
  deleted: 'deleted',
}

/** What the user sees follows from the machine: each step checked against what it should have done. */
function expectObservable(step: WalkedStep) {
  const context = step.snapshot.context as EmployeeLifecycleContext
  const { type } = step.event
  for (const call of step.started) {
    const expected = {
      readEmployee: ids,
      readImpact: ids,
      dismissEmployee: { ...ids, dismissal },
      deleteEmployee: { ...ids, deleteUser: true },
      restoreEmployee: ids,
    }[call.id]
    expect(expected, `unexpected actor ${call.id}`).toBeDefined()
    expect(call.input).toEqual(expected)
  }
  if (type === 'xstate.done.actor.readEmployee') {
    const { output } = step.event as unknown as { output: EmployeeStatus }
    expect(step.state).toBe(stateOfStatus[output])
    expect(context.status).toBe(output)
  }
  if (type === 'dismiss.requested' || type === 'delete.requested') {
    // Nothing is asked before the user sees what it touches.
    expect(step.started.map((call) => call.id)).toEqual(['readImpact'])
    expect(context.impact).toBeNull()
  }
  if (type === 'xstate.done.actor.readImpact') {
    expect(step.state).toMatch(/\.confirming$/)
    expect(context.impact).toEqual(impact)
  }
  if (type === 'dismiss.confirmed') expect(step.started.map((call) => call.id)).toEqual(['dismissEmployee'])
  if (type === 'delete.confirmed') expect(step.started.map((call) => call.id)).toEqual(['deleteEmployee'])
  if (type === 'xstate.error.actor.dismissEmployee' || type === 'xstate.error.actor.deleteEmployee') {
    // The refusal keeps the question open, with what it touches, and says it was the owner.
    expect(step.state).toMatch(/\.confirming$/)
    expect(context.impact).toEqual(impact)
    expect(refusalKind(context.failure)).toBe('owner')
  }
  if (type === 'xstate.done.actor.dismissEmployee')
    expect([step.state, context.status]).toEqual(['dismissed', 'fired'])
  if (type === 'xstate.done.actor.deleteEmployee')
    expect([step.state, context.status]).toEqual(['deleted', 'deleted'])
  if (type === 'xstate.done.actor.restoreEmployee')
    expect([step.state, context.status]).toEqual(['active', 'active'])
  if (type.startsWith('xstate.error.actor.')) {
    // The card names the call that was refused.
    expect(context.failedCall).toBe(type.slice('xstate.error.actor.'.length))
  }
  if (type === 'xstate.error.actor.restoreEmployee') {
    expect(step.state).toBe(context.status === 'fired' ? 'dismissed' : 'deleted')
    expect(refusalKind(context.failure)).toBe('other')
  }
  if (['active', 'dismissed', 'deleted'].includes(step.state)) {
    // Outside a question nothing of one is kept, and the card shows the status it stands in.
    expect(context.impact).toBeNull()
    expect(stateOfStatus[context.status!]).toBe(step.state)
  }
  if (type === 'dismiss.cancelled' || type === 'delete.cancelled') {
    expect(step.started).toEqual([])
    expect(context.failure).toBeNull()
    expect(context.failedCall).toBeNull()
  }
}

describe('employeeLifecycle machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, () => model.walk(path, expectObservable))
  }

  it('tells the owner refusal from any other failure', () => {
    expect(refusalKind(null)).toBeNull()
    expect(refusalKind(callFailureOf(ownerRefusal))).toBe('owner')
    expect(refusalKind(callFailureOf(networkFailure))).toBe('other')
    expect(refusalKind(callFailureOf({ status: 422, fieldErrors: { date_dismissal: ['bad'] } }))).toBe(
      'other',
    )
  })

  it('covers every state and transition', () => {
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(machine, model.walked)
  })
})
