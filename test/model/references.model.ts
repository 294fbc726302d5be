import type { AnyMachineSnapshot } from 'xstate'
import { referencesMachine, type ReferencesContext } from '../../machines/references'
import type { MachineModelOptions } from '../support/model-coverage'

/** Two entities are enough to tell "load only the missing one" from "load everything". */
export const knownEntities = ['kkm_integration', 'countries'] as const
export const loadedValues = {
  kkm_integration: [{ id: 1, slug: 'atol', title: 'ATOL' }],
  countries: [{ id: 1 }],
}

/** The references model: the machine and the event cases its generated paths are made of. */
export const machine = referencesMachine

export const modelOptions: MachineModelOptions = {
  input: { entities: knownEntities },
  events: {
    'references.required': [
      { entities: ['kkm_integration'] },
      { entities: ['kkm_integration', 'countries'] },
      { entities: ['unknown_entity'] },
    ],
    'xstate.done.actor.loadReferences': [{ output: loadedValues }],
    'xstate.error.actor.loadReferences': [{ error: new Error('network down') }],
  },
  // Which entities are held, loading and queued is what the guards look at; three sets of two entities stay small.
  distinguish: (snapshot: AnyMachineSnapshot) => {
    const context = snapshot.context as ReferencesContext
    return {
      held: knownEntities.filter((entity) => context.references[entity] !== null),
      loading: context.loading,
      queued: context.queued,
    }
  },
}
