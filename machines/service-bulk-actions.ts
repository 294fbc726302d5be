import { assign, fromPromise, setup } from 'xstate'
import { callFailureOf, type CallFailure } from './call-failure'

/** What can be done to many services at once. */
export type BulkAction =
  { kind: 'activate' } | { kind: 'deactivate' } | { kind: 'move'; categoryId: number } | { kind: 'delete' }

export interface BulkActionsContext {
  companyId: number
  /** The services ticked in the list. */
  selected: number[]
  /** The action waiting for confirmation or being applied. */
  action: BulkAction | null
  /** After an action: the services it could not change (they stay ticked), and why the first one failed. */
  failed: number[]
  failure: CallFailure | null
  /** How many services the last action changed. */
  changed: number
}

export type BulkActionsEvent =
  | { type: 'selection.changed'; ids: number[] }
  | { type: 'action.chosen'; action: BulkAction }
  | { type: 'confirmed' }
  | { type: 'cancelled' }

/** What one application of an action did: the ids it changed and the ones it could not. */
export interface BulkOutcome {
  changed: number[]
  failed: number[]
  failure: unknown
}

/**
 * Acting on many services of the menu at once: tick services, choose an action (activate, deactivate, move to a
 * category, delete), confirm it, and see what happened. Each service is changed on its own, so a refusal of one
 * leaves the others changed; the ones that failed stay ticked, with the reason, to try again.
 */
export const serviceBulkActionsMachine = setup({
  types: {
    context: {} as BulkActionsContext,
    events: {} as BulkActionsEvent,
    input: {} as { companyId: number },
  },
  actors: {
    /** Applies the action to each service and answers which changed and which did not. Supplied by the app. */
    applyBulkAction: fromPromise<BulkOutcome, { companyId: number; ids: number[]; action: BulkAction }>(
      async () => {
        throw new Error('applyBulkAction is supplied by the app')
      },
    ),
  },
  guards: {
    hasSelection: ({ context }) => context.selected.length > 0,
  },
}).createMachine({
  id: 'serviceBulkActions',
  context: ({ input }) => ({
    companyId: input.companyId,
    selected: [],
    action: null,
    failed: [],
    failure: null,
    changed: 0,
  }),
  initial: 'selecting',
  states: {
    /** Ticking services; with some ticked, an action can be chosen. */
    selecting: {
      description: 'The user ticks services in the menu',
      on: {
        // A new selection is a new start: the result of the last action is no longer shown.
        'selection.changed': {
          description: 'The user ticks or unticks services',
          actions: assign({ selected: ({ event }) => [...new Set(event.ids)], failed: [], failure: null }),
        },
        'action.chosen': {
          description: 'The user chooses an action for the ticked services',
          guard: 'hasSelection',
          target: 'confirming',
          actions: assign({ action: ({ event }) => event.action }),
        },
      },
    },
    /** The question: do this to these N services? */
    confirming: {
      description: 'The app asks to confirm the action on the chosen services',
      on: {
        confirmed: { target: 'applying', description: 'The user confirms' },
        cancelled: {
          description: 'The user cancels',
          target: 'selecting',
          actions: assign({ action: null }),
        },
      },
    },
    applying: {
      description: 'The action is being applied to each service',
      invoke: {
        id: 'applyBulkAction',
        src: 'applyBulkAction',
        input: ({ context }) => ({
          companyId: context.companyId,
          ids: context.selected,
          action: context.action!,
        }),
        onDone: {
          description: 'the user sees what was changed',
          target: 'selecting',
          actions: assign({
            selected: ({ event }) => event.output.failed,
            failed: ({ event }) => event.output.failed,
            failure: ({ event }) =>
              event.output.failed.length > 0 ? callFailureOf(event.output.failure) : null,
            changed: ({ event }) => event.output.changed.length,
            action: null,
          }),
        },
        // The actor reports per service; a rejection means it could not start at all: nothing changed.
        onError: {
          description: 'the user sees the error',
          target: 'selecting',
          actions: assign({
            failed: ({ context }) => context.selected,
            failure: ({ event }) => callFailureOf(event.error),
            changed: 0,
            action: null,
          }),
        },
      },
    },
  },
})
