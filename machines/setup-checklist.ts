import { assign, fromPromise, setup } from 'xstate'

/**
 * How far a company's setup is, read from its data: how many of each thing exist, and whether the salon's
 * opening hours have been saved.
 */
export interface SetupProgress {
  categories: number
  services: number
  staff: number
  hoursSet: boolean
}

/** The items of the checklist, in the order a new owner does them. */
export const setupItems = ['category', 'services', 'staff', 'hours'] as const
export type SetupItem = (typeof setupItems)[number]

/**
 * Which items the data ticks: a first category, at least one service in it, a first staff member, and the
 * working settings (the salon's opening hours, which every staff member works until given their own).
 */
export function tickedItems(progress: SetupProgress): Record<SetupItem, boolean> {
  return {
    category: progress.categories > 0,
    services: progress.services > 0,
    staff: progress.staff > 0,
    hours: progress.hoursSet,
  }
}

export interface SetupChecklistContext {
  companyId: number
  progress: SetupProgress | null
}

export type SetupChecklistEvent = { type: 'data.changed' } | { type: 'retry' }

/**
 * The setup checklist of a new company (the workspace overview). Nothing is ticked by a click: each item ticks
 * itself when its data exists, read from the company's own lists, so a category made anywhere (another tab, a
 * colleague) counts too. When every item is ticked the checklist is done and is not shown again; a change to
 * the data while it is open reads the progress again.
 */
export const setupChecklistMachine = setup({
  types: {
    context: {} as SetupChecklistContext,
    events: {} as SetupChecklistEvent,
    input: {} as { companyId: number },
  },
  actors: {
    /** Counts the company's categories, services and staff, and reads whether its hours are set. Supplied by the app. */
    readProgress: fromPromise<SetupProgress, { companyId: number }>(async () => {
      throw new Error('readProgress is supplied by the app')
    }),
  },
  guards: {
    allTicked: (_, progress: SetupProgress) => Object.values(tickedItems(progress)).every(Boolean),
  },
}).createMachine({
  id: 'setupChecklist',
  context: ({ input }) => ({ companyId: input.companyId, progress: null }),
  initial: 'reading',
  states: {
    reading: {
      description: 'The checklist reads what the company already has',
      invoke: {
        id: 'readProgress',
        src: 'readProgress',
        input: ({ context }) => ({ companyId: context.companyId }),
        onDone: [
          {
            description: 'every item is done',
            guard: { type: 'allTicked', params: ({ event }) => event.output },
            target: 'done',
            actions: assign({ progress: ({ event }) => event.output }),
          },
          {
            description: 'the remaining items are shown',
            target: 'open',
            actions: assign({ progress: ({ event }) => event.output }),
          },
        ],
        onError: { target: 'unavailable', description: 'the user sees the error' },
      },
    },
    /** Some items are still to do: the checklist is shown. */
    open: {
      description: 'The checklist shows what is left to set up',
      on: { 'data.changed': { target: 'reading', description: "The company's data changes" } },
    },
    /** The progress could not be read: the overview says so and offers to try again. */
    unavailable: {
      description: 'The checklist could not be loaded; the user can retry',
      on: { retry: { target: 'reading', description: 'The user tries again' } },
    },
    /** Every item is ticked: the checklist is gone for good. */
    done: { description: 'Everything is set up; the checklist disappears', type: 'final' },
  },
})
