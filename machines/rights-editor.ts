import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { Rights } from '../contract/access/rights-catalogue'
import type { RightsChange } from '../contract/rights/schemas'
import { callFailureOf, type CallFailure } from './call-failure'

/** A member's rights as the server holds them: their role and the whole rights object. */
export interface MemberRightsHeld {
  userRole: string
  rights: Rights
}

export interface RightsEditorContext {
  companyId: number
  userId: number
  /** The rights as last read or saved; null before the first read. */
  held: MemberRightsHeld | null
  /** The rights as the editor has them now, edits included; null before the first read. */
  draft: Rights | null
  /** The role preset applied last since the edits began, named on the page until saved or discarded. */
  appliedPreset: string | null
  /** What saving would change, as the server previewed it; empty outside the question. */
  changes: RightsChange[]
  /** What the last save changed, said once it is done; empty until then. */
  savedChanges: RightsChange[]
  /** The last refused call, shown where it happened; null while all is well. */
  failure: CallFailure | null
  /** Which call was refused (the invoke id), so the page names it. */
  failedCall: string | null
}

export type RightsEditorEvent =
  | { type: 'read.retried' }
  | { type: 'draft.edited'; draft: Rights }
  | { type: 'preset.applied'; role: string; draft: Rights }
  | { type: 'edits.discarded' }
  | { type: 'save.requested' }
  | { type: 'save.confirmed' }
  | { type: 'save.cancelled' }

type Ids = { companyId: number; userId: number }

/** The keys whose values differ between what the server holds and the draft: what the save will send. */
export function editsOf(held: Rights | null, draft: Rights | null): Partial<Rights> {
  if (!held || !draft) return {}
  const edits: Partial<Rights> = {}
  for (const key of Object.keys(draft) as (keyof Rights)[]) {
    if (JSON.stringify(held[key]) !== JSON.stringify(draft[key])) Object.assign(edits, { [key]: draft[key] })
  }
  return edits
}

const failureRemembered = {
  type: 'rememberFailure',
  params: ({ event }: { event: { type: string; error: unknown } }) => ({
    error: event.error,
    eventType: event.type,
  }),
} as const

/**
 * Changing one member's rights (SPEC.md section 6): the page reads them, the owner edits flags, limits or applies
 * a role preset (all held as a draft), and saving first asks the server what would change. The diff is shown in
 * words and saved only on the owner's word; cancelling goes back to the draft as it was. A refusal of the
 * preview (the owner's rights cannot be reduced, a right the editor lacks) goes back to editing and says why; a
 * failed save keeps the question open. The machine has no routes: the page stays at its address.
 */
export const rightsEditorMachine = setup({
  types: {
    context: {} as RightsEditorContext,
    events: {} as RightsEditorEvent,
    input: {} as Ids,
  },
  actors: {
    /** GET /company/{id}/users/{userId}/rights. Supplied by the app. */
    readRights: fromPromise<MemberRightsHeld, Ids>(async () => {
      throw new Error('readRights is supplied by the app')
    }),
    /** POST .../rights/preview with the edits. Supplied by the app. */
    previewRights: fromPromise<RightsChange[], Ids & { edits: Partial<Rights> }>(async () => {
      throw new Error('previewRights is supplied by the app')
    }),
    /** PUT .../rights with the edits; answers the rights now held and what changed. Supplied by the app. */
    saveRights: fromPromise<MemberRightsHeld & { changes: RightsChange[] }, Ids & { edits: Partial<Rights> }>(
      async () => {
        throw new Error('saveRights is supplied by the app')
      },
    ),
  },
  actions: {
    forgetFailure: assign({ failure: null, failedCall: null }),
    rememberFailure: assign((_, params: { error: unknown; eventType: string }) => ({
      failure: callFailureOf(params.error),
      failedCall: params.eventType.replace(/^xstate\.error\.actor\./, ''),
    })),
  },
  guards: {
    hasEdits: ({ context }) => Object.keys(editsOf(context.held?.rights ?? null, context.draft)).length > 0,
  },
}).createMachine({
  id: 'rightsEditor',
  context: ({ input }) => ({
    companyId: input.companyId,
    userId: input.userId,
    held: null,
    draft: null,
    appliedPreset: null,
    changes: [],
    savedChanges: [],
    failure: null,
    failedCall: null,
  }),
  initial: 'reading',
  states: {
    reading: {
      description: "The member's rights are loading",
      entry: 'forgetFailure',
      invoke: {
        id: 'readRights',
        src: 'readRights',
        input: ({ context }) => ({ companyId: context.companyId, userId: context.userId }),
        onDone: {
          description: 'the owner can edit them',
          target: 'editing',
          actions: assign({ held: ({ event }) => event.output, draft: ({ event }) => event.output.rights }),
        },
        onError: {
          description: 'the user sees the error',
          target: 'unavailable',
          actions: failureRemembered,
        },
      },
    },
    /** The rights could not be read: the page says so and offers to try again. */
    unavailable: {
      description: 'The rights could not be loaded; the user can retry',
      on: { 'read.retried': { target: 'reading', description: 'The user tries again' } },
    },
    /** The flags, limits and presets, edited as a draft that stays until saved or discarded. */
    editing: {
      description: 'The owner changes rights, limits or applies a role',
      on: {
        'draft.edited': {
          description: 'The owner changes a right or a limit',
          actions: [assign({ draft: ({ event }) => event.draft, savedChanges: [] }), 'forgetFailure'],
        },
        'preset.applied': {
          description: 'The owner applies a role',
          actions: [
            assign({
              draft: ({ event }) => event.draft,
              appliedPreset: ({ event }) => event.role,
              savedChanges: [],
            }),
            'forgetFailure',
          ],
        },
        'edits.discarded': {
          description: 'The owner discards the changes',
          actions: [
            assign({ draft: ({ context }) => context.held!.rights, appliedPreset: null }),
            'forgetFailure',
          ],
        },
        'save.requested': {
          description: 'The owner saves the changes',
          guard: 'hasEdits',
          target: 'previewing',
          actions: 'forgetFailure',
        },
      },
    },
    /** The server says what the edits would change; nothing is saved yet. */
    previewing: {
      description: 'The app checks what the changes would do',
      invoke: {
        id: 'previewRights',
        src: 'previewRights',
        input: ({ context }) => ({
          companyId: context.companyId,
          userId: context.userId,
          edits: editsOf(context.held!.rights, context.draft),
        }),
        onDone: {
          description: 'the owner sees what will change',
          target: 'confirming',
          actions: assign({ changes: ({ event }) => event.output }),
        },
        // A refusal (the owner's rights, a right the editor lacks) goes back to the draft, which stays.
        onError: { description: 'the editor shows the error', target: 'editing', actions: failureRemembered },
      },
    },
    /** The diff in words: granted, taken away, limits changed; saved only when the owner confirms. */
    confirming: {
      description: 'The owner sees what will change and confirms',
      on: {
        'save.confirmed': {
          description: 'The owner confirms the changes',
          target: 'saving',
          actions: 'forgetFailure',
        },
        'save.cancelled': {
          description: 'The owner goes back to editing',
          target: 'editing',
          actions: [assign({ changes: [] }), 'forgetFailure'],
        },
      },
    },
    saving: {
      description: 'The rights are being saved',
      invoke: {
        id: 'saveRights',
        src: 'saveRights',
        input: ({ context, event }) => {
          assertEvent(event, 'save.confirmed')
          return {
            companyId: context.companyId,
            userId: context.userId,
            edits: editsOf(context.held!.rights, context.draft),
          }
        },
        onDone: {
          description: 'the new rights apply',
          target: 'editing',
          actions: assign({
            held: ({ event }) => ({ userRole: event.output.userRole, rights: event.output.rights }),
            draft: ({ event }) => event.output.rights,
            savedChanges: ({ event }) => event.output.changes,
            changes: [],
            appliedPreset: null,
          }),
        },
        // A failed save keeps the question open with the same diff, so it can be tried again or cancelled.
        onError: {
          description: 'the question stays open, with the error',
          target: 'confirming',
          actions: failureRemembered,
        },
      },
    },
  },
})
