import { describe, expect, it } from 'vitest'
import { editsOf, type RightsEditorContext } from '../../machines/rights-editor'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import { writeWalkRecord } from '../support/walk-record-writer'
import { administratorDraft, changes, edited, held, machine, modelOptions } from './rights-editor.model'

const model = createMachineModel(machine, modelOptions)
const ids = { companyId: 5, userId: 9 }

/** What the owner sees follows from the machine: each step checked against what it should have done. */
function expectObservable(step: WalkedStep) {
  const context = step.snapshot.context as RightsEditorContext
  const { type } = step.event
  const pendingEdits = editsOf(context.held?.rights ?? null, context.draft)
  for (const call of step.started) {
    expect(['readRights', 'previewRights', 'saveRights']).toContain(call.id)
    if (call.id === 'readRights') expect(call.input).toEqual(ids)
    // The preview and the save send exactly what differs from what the server holds, never the whole object.
    else expect(call.input).toEqual({ ...ids, edits: pendingEdits })
  }
  if (type === 'xstate.done.actor.readRights') {
    expect(step.state).toBe('editing')
    expect(context.draft).toEqual(held.rights)
  }
  if (type === 'draft.edited') expect(context.draft).toEqual(edited)
  if (type === 'preset.applied') {
    expect(context.draft).toEqual(administratorDraft)
    expect(context.appliedPreset).toBe('administrator')
  }
  if (type === 'edits.discarded') {
    expect(context.draft).toEqual(held.rights)
    expect(context.appliedPreset).toBeNull()
  }
  if (type === 'save.requested') {
    // Nothing is saved before the owner has seen the diff: the preview is the only call.
    expect(step.started.map((call) => call.id)).toEqual(['previewRights'])
    expect(Object.keys(pendingEdits).length).toBeGreaterThan(0)
  }
  if (type === 'xstate.done.actor.previewRights') {
    expect(step.state).toBe('confirming')
    expect(context.changes).toEqual(changes)
  }
  if (type === 'xstate.error.actor.previewRights') {
    // The refusal goes back to the draft, kept as it was, and says why.
    expect(step.state).toBe('editing')
    expect(Object.keys(pendingEdits).length).toBeGreaterThan(0)
    expect(context.failure?.fieldErrors).toHaveProperty(['rights.billing_access'])
  }
  if (type === 'save.cancelled') {
    expect(step.state).toBe('editing')
    expect(step.started).toEqual([])
    expect(context.changes).toEqual([])
    expect(Object.keys(pendingEdits).length, 'the edits are kept').toBeGreaterThan(0)
  }
  if (type === 'save.confirmed') expect(step.started.map((call) => call.id)).toEqual(['saveRights'])
  if (type === 'xstate.done.actor.saveRights') {
    expect(step.state).toBe('editing')
    expect(pendingEdits).toEqual({})
    expect(context.savedChanges).toEqual(changes)
    expect(context.appliedPreset).toBeNull()
  }
  if (type === 'xstate.error.actor.saveRights') {
    expect(step.state).toBe('confirming')
    expect(context.changes).toEqual(changes)
  }
  if (type.startsWith('xstate.error.actor.'))
    expect(context.failedCall).toBe(type.slice('xstate.error.actor.'.length))
}

describe('rightsEditor machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, () => model.walk(path, expectObservable))
  }

  it('sends only the keys that differ', () => {
    expect(editsOf(held.rights, edited)).toEqual({
      settings_master_access: true,
      edit_records_last_days_count: 3,
    })
    expect(editsOf(held.rights, held.rights)).toEqual({})
    expect(editsOf(null, edited)).toEqual({})
  })

  it('covers every state and transition', () => {
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(machine, model.walked)
  })
})
