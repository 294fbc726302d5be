import { describe, expect, it } from 'vitest'
import { noApiResourceMessage, type ReferencesContext } from '../../machines/references'
import { startModelActor } from '../support/model-actor-run'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import { knownEntities, loadedValues, machine, modelOptions } from './references.model'
import { writeWalkRecord } from '../support/walk-record-writer'

const model = createMachineModel(machine, modelOptions)

/**
 * What the app can observe at each step: which entities are held (null until loaded), which load calls start
 * and with which entities, and the errors reported.
 */
function expectObservable(step: WalkedStep) {
  const context = step.snapshot.context as ReferencesContext
  const previous = step.from
  // Entities are only ever held with the loader's values, never invented.
  for (const entity of knownEntities) {
    const value = context.references[entity]
    if (value !== null) expect(value).toEqual(loadedValues[entity])
  }
  // A load call is made exactly for what was waiting, and never for an entity already held.
  for (const call of step.started) {
    expect(call.id).toBe('loadReferences')
    const { entities } = call.input as { entities: string[] }
    expect(entities.length).toBeGreaterThan(0)
    for (const entity of entities) expect(context.references[entity]).toBeNull()
  }
  switch (step.event.type) {
    case 'references.required': {
      const asked = (step.event as unknown as { entities: string[] }).entities
      if (asked.includes('unknown_entity')) {
        expect(context.error).toBe(noApiResourceMessage)
        expect(step.actions).toEqual([{ type: 'reportError', params: { message: noApiResourceMessage } }])
        expect(step.started).toEqual([])
      } else {
        expect(step.actions).toEqual([])
        // Every asked entity is now held, loading or queued: asked twice, it is still fetched once.
        for (const entity of asked) {
          const accounted =
            context.references[entity] !== null ||
            context.loading.includes(entity) ||
            context.queued.includes(entity)
          expect(accounted).toBe(true)
        }
        if (previous === 'idle' && step.state === 'loading') expect(step.started).toHaveLength(1)
        if (previous === 'loading') expect(step.started).toEqual([])
      }
      break
    }
    case 'xstate.error.actor.loadReferences':
      expect(context.error).toBe('network down')
      expect(step.actions).toEqual([{ type: 'reportError', params: { message: 'network down' } }])
      break
    case 'xstate.done.actor.loadReferences':
      expect(step.actions).toEqual([])
      break
  }
  // The machine never sits idle with work waiting.
  if (step.state === 'idle') expect(context.queued).toEqual([])
}

describe('references machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, () => model.walk(path, expectObservable))
  }

  it('loads an entity asked for twice at the same time once, and holds it afterwards', async () => {
    const run = startModelActor(machine, { input: { entities: knownEntities } })
    await run.perform({ type: 'xstate.init' })
    await run.perform({ type: 'references.required', entities: ['kkm_integration'] })
    await run.perform({ type: 'references.required', entities: ['kkm_integration'] })
    expect(run.deferred.calls.filter((call) => call.src === 'loadReferences')).toHaveLength(1)

    await run.perform({ type: 'xstate.done.actor.loadReferences', output: loadedValues })
    const context = run.actor.getSnapshot().context as ReferencesContext
    expect(context.references).toEqual({ kkm_integration: loadedValues.kkm_integration, countries: null })

    // Asking for both later loads only the one still missing.
    await run.perform({ type: 'references.required', entities: ['kkm_integration', 'countries'] })
    const calls = run.deferred.calls.filter((call) => call.src === 'loadReferences')
    expect(calls).toHaveLength(2)
    expect(calls[1]!.input).toEqual({ entities: ['countries'] })
    run.actor.stop()
  })

  it('covers every state and transition', () => {
    // The record is written first, so that a shortfall is still reported.
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(machine, model.walked)
  })
})
