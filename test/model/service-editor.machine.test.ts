import { describe, expect, it } from 'vitest'
import { serviceKeyOf, type ServiceEditorContext } from '../../machines/service-editor'
import { screenMetaOf } from '../../machines/route-meta'
import { startModelActor } from '../support/model-actor-run'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import { writeWalkRecord } from '../support/walk-record-writer'
import { draft, machine, modelOptions, newServiceModelOptions, theirVersion } from './service-editor.model'

const existing = createMachineModel(machine, modelOptions)
const fresh = createMachineModel(machine, newServiceModelOptions)

/** What the owner can observe at every step: the form's URL, the calls made, the refusal shown. */
function expectObservable(step: WalkedStep) {
  const context = step.snapshot.context as ServiceEditorContext
  const meta = screenMetaOf(step.snapshot)
  for (const call of step.started) {
    if (call.id === 'saveService') {
      // The draft goes to the server as typed, for this service (or as a new one), in this company, naming
      // the version it was made from, except when the user chose to save over someone else's change.
      const expectedVersion =
        step.event.type === 'conflict.overwrite' || context.serviceId === null ? null : context.version
      expect(call.input).toEqual({ companyId: 5, serviceId: context.serviceId, draft, expectedVersion })
      if (step.event.type === 'conflict.overwrite') expect(context.version).toBeNull()
    }
    if (call.id === 'deleteService') expect(call.input).toEqual({ companyId: 5, serviceId: 41 })
    if (call.id === 'reloadService') expect(call.input).toEqual({ companyId: 5, serviceId: 41 })
  }
  switch (step.state) {
    case 'editing':
    case 'confirmingDelete':
    case 'conflict':
      expect(meta?.route).toBe('/company/$companyId/services/$serviceKey')
      break
    case 'saved':
    case 'deleted':
      // Done: the list, in place of the form's entry, so Back does not reopen a form already sent.
      expect(meta).toMatchObject({ route: '/company/$companyId/services', history: 'replace' })
      expect(step.snapshot.status).toBe('done')
      break
    case 'saving':
    case 'deleting':
    case 'reloading':
      // Waiting for the server: the failure of an earlier try is gone from the form.
      expect(context.failure).toBeNull()
      break
  }
  if (step.event.type === 'xstate.error.actor.saveService') {
    // A 409 asks the user whose version stays; any other refusal is shown on the form.
    const { error } = step.event as unknown as { error: { status: number } }
    expect(step.state).toBe(error.status === 409 ? 'conflict' : 'editing')
  }
  if (step.event.type === 'xstate.done.actor.reloadService') {
    // Their version is now the one the next save is made from, and the old draft is gone.
    expect(context.version).toBe(theirVersion)
    expect(context.draft).toBeNull()
  }
  if (step.event.type.startsWith('xstate.error.actor.')) {
    const { error } = step.event as unknown as { error: { status: number } }
    expect(context.failure?.status).toBe(error.status)
  }
  if (step.event.type === 'delete.cancelled' || step.event.type === 'delete.requested') {
    expect(context.failure).toBeNull()
  }
}

describe('serviceEditor machine, model-based', () => {
  for (const path of existing.paths) {
    it(`existing service: ${path.description}`, () => existing.walk(path, expectObservable))
  }
  for (const path of fresh.paths) {
    it(`new service: ${path.description}`, () => fresh.walk(path, expectObservable))
  }

  it('names a new service `new` in its URL until it is saved, then by its id', async () => {
    const run = startModelActor(machine, { input: { companyId: 5, serviceId: null } })
    await run.perform({ type: 'xstate.init' })
    expect(serviceKeyOf(run.actor.getSnapshot().context)).toBe('new')
    // A new service cannot be deleted: there is nothing to delete yet.
    expect(run.actor.getSnapshot().can({ type: 'delete.requested' })).toBe(false)
    await run.perform({ type: 'save', draft })
    await run.perform({ type: 'xstate.done.actor.saveService', output: 42 })
    expect(serviceKeyOf(run.actor.getSnapshot().context)).toBe('42')
    run.actor.stop()
  })

  it('covers every state and transition', () => {
    const walked = {
      machineId: machine.id,
      stateIds: new Set([...existing.walked.stateIds, ...fresh.walked.stateIds]),
      transitionKeys: new Set([...existing.walked.transitionKeys, ...fresh.walked.transitionKeys]),
      paths: existing.walked.paths + fresh.walked.paths,
    }
    writeWalkRecord('machine', import.meta.filename, walked)
    assertFullCoverage(machine, walked)
  })
})
