import { assign, fromPromise, setup } from 'xstate'

/** The error of asking for an entity that no API call serves (SPEC.md section 8). */
export const noApiResourceMessage = 'There is no API resource for entity'

export interface ReferencesInput {
  /** The reference entities the app can load, each backed by one API call. */
  entities: readonly string[]
}

export interface ReferencesContext {
  known: readonly string[]
  /** Every known entity: null until loaded, then held for the life of the app. */
  references: Record<string, unknown>
  /** Entities the running load is fetching. */
  loading: string[]
  /** Entities asked for while a load was running; the next load fetches them. */
  queued: string[]
  /** The last problem: an unknown entity asked for, or a load that failed. */
  error: string | null
}

export type ReferencesEvent = { type: 'references.required'; entities: readonly string[] }

/** The entities of `asked` that the app cannot load. */
export function unknownEntities(
  context: Pick<ReferencesContext, 'known'>,
  asked: readonly string[],
): string[] {
  return asked.filter((entity) => !context.known.includes(entity))
}

/** The entities of `asked` that are neither held nor on their way: the only ones a require-once call loads. */
export function entitiesToLoad(context: ReferencesContext, asked: readonly string[]): string[] {
  return [...new Set(asked)].filter(
    (entity) =>
      context.references[entity] === null &&
      !context.loading.includes(entity) &&
      !context.queued.includes(entity),
  )
}

const requiredEntities = (event: ReferencesEvent) => event.entities

/**
 * Reference data (SPEC.md section 4, "Reference entity loading"): each entity is null until loaded and then held.
 * `references.required` is the require-once call: it loads only the entities not loaded yet, and an entity asked
 * for twice while it loads is loaded once. Entities asked for during a load wait in a queue for the next one. An
 * unknown entity loads nothing and reports 'There is no API resource for entity'.
 */
export const referencesMachine = setup({
  types: {
    context: {} as ReferencesContext,
    events: {} as ReferencesEvent,
    input: {} as ReferencesInput,
  },
  actors: {
    /** Fetches the given entities and answers their values by entity; supplied by the app. */
    loadReferences: fromPromise<Record<string, unknown>, { entities: string[] }>(async () => {
      throw new Error('loadReferences is supplied by the app')
    }),
  },
  actions: {
    /** Tells the developer about a problem (an unknown entity, a failed load); supplied by the app. */
    reportError: (_, _params: { message: string }) => {},
  },
  guards: {
    asksForUnknownEntity: ({ context, event }) =>
      unknownEntities(context, requiredEntities(event)).length > 0,
    asksForNothingNew: ({ context, event }) => entitiesToLoad(context, requiredEntities(event)).length === 0,
    hasQueued: ({ context }) => context.queued.length > 0,
  },
}).createMachine({
  id: 'references',
  context: ({ input }) => ({
    known: input.entities,
    references: Object.fromEntries(input.entities.map((entity) => [entity, null])),
    loading: [],
    queued: [],
    error: null,
  }),
  initial: 'idle',
  on: {
    'references.required': [
      {
        description: 'A screen asks for unknown reference data; the error is reported',
        guard: 'asksForUnknownEntity',
        actions: [
          assign({ error: noApiResourceMessage }),
          { type: 'reportError', params: { message: noApiResourceMessage } },
        ],
      },
      // Everything asked for is held or on its way: nothing is loaded again, and the request is not in error.
      {
        description: 'A screen asks for data that is already loaded or loading',
        guard: 'asksForNothingNew',
        actions: assign({ error: null }),
      },
      {
        description: 'A screen asks for data not loaded yet; it is queued',
        actions: assign({
          queued: ({ context, event }) => [...context.queued, ...entitiesToLoad(context, event.entities)],
          error: null,
        }),
      },
    ],
  },
  states: {
    idle: {
      description: 'Reference data is ready',
      always: { description: 'data is waiting to be loaded', guard: 'hasQueued', target: 'loading' },
    },
    loading: {
      description: 'Reference data is loading',
      entry: assign({ loading: ({ context }) => context.queued, queued: [] }),
      invoke: {
        id: 'loadReferences',
        src: 'loadReferences',
        input: ({ context }) => ({ entities: context.loading }),
        onDone: {
          description: 'the data is kept for every screen',
          target: 'idle',
          actions: assign({
            references: ({ context, event }) => ({
              ...context.references,
              ...Object.fromEntries(
                context.loading
                  .filter((entity) => entity in event.output)
                  .map((entity) => [entity, event.output[entity]]),
              ),
            }),
            loading: [],
          }),
        },
        // The entities stay null, so the next require-once call tries them again.
        onError: {
          description: 'the error is reported',
          target: 'idle',
          actions: [
            assign({
              error: ({ event }) =>
                event.error instanceof Error ? event.error.message : 'Loading references failed',
              loading: [],
            }),
            {
              type: 'reportError',
              params: ({ event }) => ({
                message: event.error instanceof Error ? event.error.message : 'Loading references failed',
              }),
            },
          ],
        },
      },
    },
  },
})
