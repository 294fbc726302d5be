import { describe, expect, it } from 'vitest'
import type { BulkActionsContext, BulkOutcome } from '../../machines/service-bulk-actions'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import { writeWalkRecord } from '../support/walk-record-writer'
import { machine, modelOptions } from './service-bulk-actions.model'

const model = createMachineModel(machine, modelOptions)

/** What the owner sees at every step: what is ticked, the question, and what an action left undone. */
function expectObservable(step: WalkedStep) {
  const context = step.snapshot.context as BulkActionsContext
  for (const call of step.started) {
    // The action applies to exactly the ticked services, once confirmed.
    expect(step.event.type).toBe('confirmed')
    expect(call.input).toEqual({ companyId: 5, ids: context.selected, action: context.action })
  }
  switch (step.event.type) {
    case 'action.chosen':
      // Nothing to act on: no question is asked.
      expect(step.state).toBe(
        step.from === 'selecting' && context.selected.length === 0 ? 'selecting' : 'confirming',
      )
      break
    case 'cancelled':
      expect(context.action).toBeNull()
      break
    case 'xstate.done.actor.applyBulkAction': {
      const { output } = step.event as unknown as { output: BulkOutcome }
      // What failed stays ticked to try again; what changed is counted.
      expect(context.selected).toEqual(output.failed)
      expect(context.failed).toEqual(output.failed)
      expect(context.changed).toBe(output.changed.length)
      expect(context.failure === null).toBe(output.failed.length === 0)
      break
    }
    case 'xstate.error.actor.applyBulkAction':
      expect(context.changed).toBe(0)
      expect(context.failed).toEqual(context.selected)
      expect(context.failure?.isRequestError).toBe(true)
      break
    case 'selection.changed':
      expect(context.failed).toEqual([])
      expect(context.failure).toBeNull()
      break
  }
  if (step.state === 'selecting' && step.event.type !== 'xstate.init') {
    if (step.from !== 'selecting') expect(context.action).toBeNull()
  }
}

describe('serviceBulkActions machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, () => model.walk(path, expectObservable))
  }

  it('covers every state and transition', () => {
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(machine, model.walked)
  })
})
