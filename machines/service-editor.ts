import { assign, fromPromise, setup } from 'xstate'
import { callFailureOf, type CallFailure } from './call-failure'

/** What the editor saves: the fields of the service form, in the shape of the service calls (SPEC.md section 3). */
export interface ServiceDraft {
  title: string
  category_id: number
  /** Seconds. */
  duration: number
  price_min: number
  price_max: number
  technical_break_duration: number
  is_online: boolean
  active: 0 | 1
  comment: string
  /** The title in other languages (SPEC.md section 3), replacing the ones before; absent leaves them. */
  translations?: { language_id: number; translation: string }[]
  /** Who performs the service, replacing the ones before; absent leaves them as they are. */
  staff?: ServiceStaffDraft[]
  /** A composite's parts in order and its discount; only for a composite service. */
  composite_details?: CompositeDraft
}

/** What a composite service saves beside the common fields (SPEC.md section 3, composite_details). */
export interface CompositeDraft {
  links: { service_id: number }[]
  pricing_type: 'sum' | 'discount'
  price_discount_percent: number
}

/** One employee who performs the service: their own duration and price, where they have one. */
export interface ServiceStaffDraft {
  id: number
  /** Seconds; absent: the service's duration. */
  seance_length?: number
  /** Null: the service's price; absent: the price the employee had (a user without the price right). */
  price?: number | null
  /** The technological card the employee works by, kept as it was. */
  technological_card_id: number | null
}

export interface ServiceEditorInput {
  companyId: number
  /** The service being edited; null for a new one. */
  serviceId: number | null
  /** The version of the service the form was filled from; null for a new one. */
  version: number | null
  /** A new composite service rather than a plain one (only read while serviceId is null). */
  composite?: boolean
}

export interface ServiceEditorContext<TDraft = ServiceDraft> {
  companyId: number
  serviceId: number | null
  /** Whether a new service is a composite one. */
  composite: boolean
  /**
   * The version a save is made from: the server refuses it when the service has changed since. Null saves
   * regardless (a new service, or the user chose to save over someone else's change).
   */
  version: number | null
  /** The draft last sent, kept so that it can be sent again over someone else's change. */
  draft: TDraft | null
  /** The last refused save or delete, shown on the form; null while all is well. */
  failure: CallFailure | null
}

export type ServiceEditorEvent<TDraft = ServiceDraft> =
  | { type: 'save'; draft: TDraft }
  | { type: 'conflict.overwrite' }
  | { type: 'conflict.reload' }
  | { type: 'delete.requested' }
  | { type: 'delete.confirmed' }
  | { type: 'delete.cancelled' }

/** The catalogues whose items this editor edits: a salon's services, and its chain's services. */
export type CatalogueSection = 'services' | 'chain-services'

/** The `$serviceKey` of the editor's URL: the service's id, or `new` (`new-composite`) for one not created yet. */
export const serviceKeyOf = (context: Pick<ServiceEditorContext, 'serviceId' | 'composite'>) => {
  if (context.serviceId !== null) return String(context.serviceId)
  return context.composite ? 'new-composite' : 'new'
}

/**
 * The editor of one item of a catalogue, for a section's list and editor routes (`/company/$companyId/{section}`
 * and `/company/$companyId/{section}/$serviceKey`) and the draft its form saves: one lifecycle (below, on
 * `serviceEditorMachine`) shared by a salon's services and its chain's services.
 */
export function catalogueEditorMachine<TDraft>(options: { id: string; section: CatalogueSection }) {
  const EDITING = { route: `/company/$companyId/${options.section}/$serviceKey`, area: 'private' } as const
  /** Back from a saved or deleted service lands on the list, never on a form that was already sent. */
  const LIST = {
    route: `/company/$companyId/${options.section}`,
    area: 'private',
    history: 'replace',
  } as const
  return setup({
    types: {
      context: {} as ServiceEditorContext<TDraft>,
      events: {} as ServiceEditorEvent<TDraft>,
      input: {} as ServiceEditorInput,
    },
    actors: {
      /** Creates (serviceId null) or updates the service; answers the saved service's id. Supplied by the app. */
      saveService: fromPromise<
        number,
        { companyId: number; serviceId: number | null; draft: TDraft; expectedVersion: number | null }
      >(async () => {
        throw new Error('saveService is supplied by the app')
      }),
      /** Reads the service again, as someone else saved it; answers its version (null if it has none). Supplied by the app. */
      reloadService: fromPromise<number | null, { companyId: number; serviceId: number }>(async () => {
        throw new Error('reloadService is supplied by the app')
      }),
      /** Deletes the service. Supplied by the app. */
      deleteService: fromPromise<void, { companyId: number; serviceId: number }>(async () => {
        throw new Error('deleteService is supplied by the app')
      }),
    },
    actions: {
      forgetFailure: assign({ failure: null }),
    },
    guards: {
      isSaved: ({ context }) => context.serviceId !== null,
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      companyId: input.companyId,
      serviceId: input.serviceId,
      composite: input.composite ?? false,
      version: input.version,
      draft: null,
      failure: null,
    }),
    initial: 'editing',
    states: {
      editing: {
        description: 'The service form, ready for changes',
        meta: EDITING,
        on: {
          save: {
            description: 'The user saves the form',
            target: 'saving',
            actions: assign({ draft: ({ event }) => event.draft }),
          },
          'delete.requested': {
            description: 'The user asks to delete a saved service',
            guard: 'isSaved',
            target: 'confirmingDelete',
            actions: 'forgetFailure',
          },
        },
      },
      saving: {
        description: 'The service is being saved',
        entry: 'forgetFailure',
        invoke: {
          id: 'saveService',
          src: 'saveService',
          input: ({ context }) => ({
            companyId: context.companyId,
            serviceId: context.serviceId,
            draft: context.draft!,
            expectedVersion: context.version,
          }),
          onDone: {
            description: 'the service is saved',
            target: 'saved',
            actions: assign({ serviceId: ({ event }) => event.output }),
          },
          onError: [
            {
              description: 'someone else changed it meanwhile: the app asks what to keep',
              // 409: the service changed since the version the form was filled from.
              guard: ({ event }) => callFailureOf(event.error).status === 409,
              target: 'conflict',
              actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
            },
            {
              description: 'the form shows the error',
              target: 'editing',
              actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
            },
          ],
        },
      },
      /** Someone saved the service after this form was filled: the user decides whose version stays. */
      conflict: {
        description: 'Someone else changed the service; the user chooses whose version stays',
        meta: EDITING,
        on: {
          'conflict.overwrite': {
            description: 'The user keeps their own version',
            target: 'saving',
            actions: assign({ version: null }),
          },
          'conflict.reload': { target: 'reloading', description: 'The user takes the other version' },
        },
      },
      /** Their version is read; the form is filled from it again and this draft is dropped. */
      reloading: {
        description: "The other person's version is being loaded",
        entry: 'forgetFailure',
        invoke: {
          id: 'reloadService',
          src: 'reloadService',
          input: ({ context }) => ({ companyId: context.companyId, serviceId: context.serviceId! }),
          onDone: {
            description: 'the form shows the other version',
            target: 'editing',
            actions: assign({ version: ({ event }) => event.output, draft: null }),
          },
          onError: {
            description: 'the choice stays open, with the error',
            target: 'conflict',
            actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
          },
        },
      },
      confirmingDelete: {
        description: 'The app asks whether to delete the service',
        meta: EDITING,
        on: {
          'delete.confirmed': { target: 'deleting', description: 'The user confirms the deletion' },
          'delete.cancelled': {
            description: 'The user keeps the service',
            target: 'editing',
            actions: 'forgetFailure',
          },
        },
      },
      deleting: {
        description: 'The service is being deleted',
        entry: 'forgetFailure',
        invoke: {
          id: 'deleteService',
          src: 'deleteService',
          input: ({ context }) => ({ companyId: context.companyId, serviceId: context.serviceId! }),
          onDone: { target: 'deleted', description: 'the service is deleted' },
          onError: {
            description: 'the question stays open, with the error',
            target: 'confirmingDelete',
            actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
          },
        },
      },
      saved: {
        description: 'The service is saved; the user is back at the list',
        type: 'final',
        tags: ['success'],
        meta: LIST,
      },
      deleted: {
        description: 'The service is deleted; the user is back at the list',
        type: 'final',
        meta: LIST,
      },
    },
  })
}

/**
 * Creating, editing and deleting one service of a salon's catalogue (`/company/$companyId/services/$serviceKey`).
 * The form holds the draft and checks it; the machine owns what happens to it: saving (create or update), a
 * refusal that keeps the draft and says why, a conflict (someone saved the service after this form was filled:
 * load their version, or save this one over it knowingly), a delete that asks first, and where the user goes once
 * the service is saved or gone (the list, in place of the editor's history entry).
 */
export const serviceEditorMachine = catalogueEditorMachine<ServiceDraft>({
  id: 'serviceEditor',
  section: 'services',
})
