import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate'
import { noApiResourceMessage, referencesMachine, unknownEntities } from '../../../machines/references'
import { fetchKkmIntegrations } from './kkm-integrations'

/** One API call per reference entity; an entity missing here is "unknown" to the references machine. */
export const referenceLoaders: Record<string, () => Promise<unknown>> = {
  kkm_integration: fetchKkmIntegrations,
}

export type ReferencesActor = ActorRefFrom<typeof referencesMachine>

/** Starts the references machine with the loaders it fetches through; the app keeps one for its whole life. */
export function createReferencesActor(
  loaders: Record<string, () => Promise<unknown>> = referenceLoaders,
  reportError: (message: string) => void = (message) => console.error(message),
): ReferencesActor {
  const machine = referencesMachine.provide({
    actors: {
      loadReferences: fromPromise(async ({ input }: { input: { entities: string[] } }) =>
        Object.fromEntries(
          await Promise.all(
            input.entities.map(async (entity) => [entity, await loaders[entity]!()] as const),
          ),
        ),
      ),
    },
    actions: { reportError: (_, params) => reportError(params.message) },
  })
  return createActor(machine, { input: { entities: Object.keys(loaders) } }).start()
}

/**
 * The require-once call: resolves with the values of `entities` once all are held, loading only those not loaded
 * yet (and each once, however many callers ask at the same time). Rejects with 'There is no API resource for
 * entity' for an entity without a loader, and with the loader's error when loading fails.
 */
export async function requireReferences(
  actor: ReferencesActor,
  entities: readonly string[],
): Promise<Record<string, unknown>> {
  if (unknownEntities(actor.getSnapshot().context, entities).length > 0) {
    actor.send({ type: 'references.required', entities })
    throw new Error(noApiResourceMessage)
  }
  actor.send({ type: 'references.required', entities })
  const held = (references: Record<string, unknown>) =>
    entities.every((entity) => references[entity] !== null)
  const settled = await waitFor(
    actor,
    (snapshot) =>
      held(snapshot.context.references) ||
      // Not held, nothing of it on its way: the load that was fetching it failed.
      entities.every(
        (entity) =>
          snapshot.context.references[entity] !== null ||
          (!snapshot.context.loading.includes(entity) && !snapshot.context.queued.includes(entity)),
      ),
  )
  if (!held(settled.context.references)) throw new Error(settled.context.error ?? 'Loading references failed')
  return Object.fromEntries(entities.map((entity) => [entity, settled.context.references[entity]]))
}
