import { describe, expect, it } from 'vitest'
import type { ReferencesContext } from '../../machines/references'
import { startModelActor, type ModelActor } from '../support/model-actor-run'
import { knownEntities, loadedValues, machine } from './references.model'

async function start() {
  const run = startModelActor(machine, { input: { entities: knownEntities } })
  await run.perform({ type: 'xstate.init' })
  return run
}

const contextOf = (run: ModelActor) => run.actor.getSnapshot().context as ReferencesContext

describe('references machine: what a load leaves behind', () => {
  it('starts with every known entity null and nothing on its way', async () => {
    const run = await start()
    expect(contextOf(run)).toEqual({
      known: knownEntities,
      references: { kkm_integration: null, countries: null },
      loading: [],
      queued: [],
      error: null,
    })
    run.actor.stop()
  })

  it('holds only what the loader answered: an entity it left out stays null and is asked for again', async () => {
    const run = await start()
    await run.perform({ type: 'references.required', entities: ['kkm_integration', 'countries'] })
    await run.perform({
      type: 'xstate.done.actor.loadReferences',
      output: { kkm_integration: loadedValues.kkm_integration },
    })
    expect(contextOf(run).references).toEqual({
      kkm_integration: loadedValues.kkm_integration,
      countries: null,
    })
    // Nothing is on its way any more: a caller waiting for `countries` learns that it was not loaded.
    expect(contextOf(run).loading).toEqual([])

    await run.perform({ type: 'references.required', entities: ['countries'] })
    expect(run.deferred.calls.map((call) => call.input)).toEqual([
      { entities: ['kkm_integration', 'countries'] },
      { entities: ['countries'] },
    ])
    run.actor.stop()
  })

  it('a failed load with no message of its own is reported in general words, and nothing is left loading', async () => {
    const run = await start()
    await run.perform({ type: 'references.required', entities: ['kkm_integration'] })
    run.takeObservation()
    await run.perform({ type: 'xstate.error.actor.loadReferences', error: { status: 503 } })
    expect(contextOf(run)).toMatchObject({ error: 'Loading references failed', loading: [] })
    expect(run.takeObservation().actions).toEqual([
      { type: 'reportError', params: { message: 'Loading references failed' } },
    ])
    run.actor.stop()
  })

  it('asking for what is already held clears the previous error', async () => {
    const run = await start()
    await run.perform({ type: 'references.required', entities: ['kkm_integration'] })
    await run.perform({ type: 'xstate.done.actor.loadReferences', output: loadedValues })
    await run.perform({ type: 'references.required', entities: ['planets'] })
    expect(contextOf(run).error).toBe('There is no API resource for entity')

    await run.perform({ type: 'references.required', entities: ['kkm_integration'] })
    expect(contextOf(run).error).toBeNull()
    expect(run.deferred.calls).toHaveLength(1)
    run.actor.stop()
  })
})
