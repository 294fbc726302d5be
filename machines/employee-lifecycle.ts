import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { callFailureOf, type CallFailure } from './call-failure'

/** Where an employee stands (SPEC.md section 4, "Employee lifecycle"), as the server's `status` says. */
export type EmployeeStatus = 'active' | 'fired' | 'deleted'

/** What dismissing or deleting an employee touches, shown before the user confirms. */
export interface EmployeeImpact {
  /** The salons of the chain the employee's sign-in can be removed from (GET /staff/{id}/available_remove_salons). */
  salons: { id: number; title: string }[]
  /** The services the employee performs, which clients can no longer book with them. */
  services: { id: number; title: string }[]
  /** Whether the employee has a sign-in of their own, which the user may remove as well. */
  hasUser: boolean
}

/** The dismissal as the user fills it in: the last working day, why, and whether the sign-in goes too. */
export interface Dismissal {
  /** YYYY-MM-DD. */
  date: string
  reason: string
  deleteUser: boolean
}

export interface EmployeeLifecycleContext {
  companyId: number
  staffId: number
  /** The employee's status as last read or changed; null before the first read. */
  status: EmployeeStatus | null
  /** What the open dismissal or deletion would touch; null while none is open. */
  impact: EmployeeImpact | null
  /** The last refused call, shown where it happened; null while all is well. */
  failure: CallFailure | null
  /** Which call was refused (the invoke id: `readImpact`, `restoreEmployee`, ...), so the card names it. */
  failedCall: string | null
}

export type EmployeeLifecycleEvent =
  | { type: 'read.retried' }
  | { type: 'dismiss.requested' }
  | { type: 'dismiss.confirmed'; dismissal: Dismissal }
  | { type: 'dismiss.cancelled' }
  | { type: 'delete.requested' }
  | { type: 'delete.confirmed'; deleteUser: boolean }
  | { type: 'delete.cancelled' }
  | { type: 'restore.requested' }

type Ids = { companyId: number; staffId: number }

/** The action that keeps a failed call's failure and which call it was, read from the actor's error event. */
const failureRemembered = {
  type: 'rememberFailure',
  params: ({ event }: { event: { type: string; error: unknown } }) => ({
    error: event.error,
    eventType: event.type,
  }),
} as const

/**
 * One employee's working life on their card (SPEC.md section 4): active, dismissed (with a date and a reason,
 * optionally removing their sign-in from the salon), deleted, and back to work from either. Dismissing and
 * deleting first read what they touch (the salons the sign-in can be removed from, the services the person
 * performs) and wait for the user's word; a refusal (the salon's owner cannot lose their sign-in) keeps the
 * question open and says why. The machine has no routes: the card stays at its address whatever happens.
 */
export const employeeLifecycleMachine = setup({
  types: {
    context: {} as EmployeeLifecycleContext,
    events: {} as EmployeeLifecycleEvent,
    input: {} as Ids,
  },
  actors: {
    /** Reads the employee; answers their status. Supplied by the app. */
    readEmployee: fromPromise<EmployeeStatus, Ids>(async () => {
      throw new Error('readEmployee is supplied by the app')
    }),
    /** Reads what dismissing or deleting the employee touches. Supplied by the app. */
    readImpact: fromPromise<EmployeeImpact, Ids>(async () => {
      throw new Error('readImpact is supplied by the app')
    }),
    /** POST /settings/master/fire/. Supplied by the app. */
    dismissEmployee: fromPromise<void, Ids & { dismissal: Dismissal }>(async () => {
      throw new Error('dismissEmployee is supplied by the app')
    }),
    /** POST /settings/master/delete/. Supplied by the app. */
    deleteEmployee: fromPromise<void, Ids & { deleteUser: boolean }>(async () => {
      throw new Error('deleteEmployee is supplied by the app')
    }),
    /** POST /settings/master/restore/{company}/{id}. Supplied by the app. */
    restoreEmployee: fromPromise<void, Ids>(async () => {
      throw new Error('restoreEmployee is supplied by the app')
    }),
  },
  actions: {
    forgetFailure: assign({ failure: null, failedCall: null }),
    forgetImpact: assign({ impact: null }),
    rememberFailure: assign((_, params: { error: unknown; eventType: string }) => ({
      failure: callFailureOf(params.error),
      failedCall: params.eventType.replace(/^xstate\.error\.actor\./, ''),
    })),
  },
  guards: {
    readAsFired: (_, status: EmployeeStatus) => status === 'fired',
    readAsDeleted: (_, status: EmployeeStatus) => status === 'deleted',
    wasDismissed: ({ context }) => context.status === 'fired',
  },
}).createMachine({
  id: 'employeeLifecycle',
  context: ({ input }) => ({
    companyId: input.companyId,
    staffId: input.staffId,
    status: null,
    impact: null,
    failure: null,
    failedCall: null,
  }),
  initial: 'reading',
  states: {
    reading: {
      description: 'The employee card is loading',
      entry: 'forgetFailure',
      invoke: {
        id: 'readEmployee',
        src: 'readEmployee',
        input: ({ context }) => ({ companyId: context.companyId, staffId: context.staffId }),
        onDone: [
          {
            description: 'the employee turns out to be dismissed',
            guard: { type: 'readAsFired', params: ({ event }) => event.output },
            target: 'dismissed',
            actions: assign({ status: 'fired' }),
          },
          {
            description: 'the employee turns out to be deleted',
            guard: { type: 'readAsDeleted', params: ({ event }) => event.output },
            target: 'deleted',
            actions: assign({ status: 'deleted' }),
          },
          { description: 'the employee is at work', target: 'active', actions: assign({ status: 'active' }) },
        ],
        onError: {
          description: 'the user sees the error',
          target: 'unavailable',
          actions: failureRemembered,
        },
      },
    },
    /** The employee could not be read: the card says so and offers to try again. */
    unavailable: {
      description: 'The card could not be loaded; the user can retry',
      on: { 'read.retried': { target: 'reading', description: 'The user tries again' } },
    },
    /** At work: the card offers to dismiss or delete. */
    active: {
      description: 'The employee works at the salon',
      on: {
        'dismiss.requested': {
          description: 'The user asks to dismiss the employee',
          target: 'dismissal',
          actions: 'forgetFailure',
        },
        'delete.requested': {
          description: 'The user asks to delete the employee',
          target: 'deletion',
          actions: 'forgetFailure',
        },
      },
    },
    /** Dismissing: what it touches is read, the user fills in the date and reason and confirms. */
    dismissal: {
      description: 'Dismissing the employee',
      initial: 'readingImpact',
      exit: 'forgetImpact',
      states: {
        readingImpact: {
          description: 'The app checks what the dismissal affects',
          invoke: {
            id: 'readImpact',
            src: 'readImpact',
            input: ({ context }) => ({ companyId: context.companyId, staffId: context.staffId }),
            onDone: {
              description: 'the user sees the consequences',
              target: 'confirming',
              actions: assign({ impact: ({ event }) => event.output }),
            },
            onError: {
              description: 'the card returns, with the error',
              target: '#employeeLifecycle.active',
              actions: failureRemembered,
            },
          },
        },
        confirming: {
          description: 'The user picks the date and reason and confirms',
          on: {
            'dismiss.confirmed': {
              description: 'The user confirms the dismissal',
              target: 'submitting',
              actions: 'forgetFailure',
            },
            'dismiss.cancelled': {
              description: 'The user changes their mind',
              target: '#employeeLifecycle.active',
              actions: 'forgetFailure',
            },
          },
        },
        submitting: {
          description: 'The dismissal is being saved',
          invoke: {
            id: 'dismissEmployee',
            src: 'dismissEmployee',
            input: ({ context, event }) => {
              assertEvent(event, 'dismiss.confirmed')
              return { companyId: context.companyId, staffId: context.staffId, dismissal: event.dismissal }
            },
            onDone: {
              description: 'the employee is dismissed',
              target: '#employeeLifecycle.dismissed',
              actions: assign({ status: 'fired' }),
            },
            // A refusal (the owner's sign-in, a date the server does not take) keeps the question open.
            onError: {
              description: 'the question stays open, with the error',
              target: 'confirming',
              actions: failureRemembered,
            },
          },
        },
      },
    },
    /** Dismissed: listed under the dismissed staff; the card offers to bring them back or delete them. */
    dismissed: {
      description: 'The employee is dismissed',
      on: {
        'restore.requested': {
          description: 'The user brings the employee back',
          target: 'restoring',
          actions: 'forgetFailure',
        },
        'delete.requested': {
          description: 'The user asks to delete the employee',
          target: 'deletion',
          actions: 'forgetFailure',
        },
      },
    },
    /** Deleting: what it touches is read and the user confirms; the employee is kept for past records. */
    deletion: {
      description: 'Deleting the employee',
      initial: 'readingImpact',
      exit: 'forgetImpact',
      states: {
        readingImpact: {
          description: 'The app checks what the deletion affects',
          invoke: {
            id: 'readImpact',
            src: 'readImpact',
            input: ({ context }) => ({ companyId: context.companyId, staffId: context.staffId }),
            onDone: {
              description: 'the user sees what will be lost',
              target: 'confirming',
              actions: assign({ impact: ({ event }) => event.output }),
            },
            onError: [
              {
                description: "a dismissed employee's card returns, with the error",
                guard: 'wasDismissed',
                target: '#employeeLifecycle.dismissed',
                actions: failureRemembered,
              },
              {
                description: 'the card returns, with the error',
                target: '#employeeLifecycle.active',
                actions: failureRemembered,
              },
            ],
          },
        },
        confirming: {
          description: 'The app shows what will be lost and asks to confirm',
          on: {
            'delete.confirmed': {
              description: 'The user confirms the deletion',
              target: 'submitting',
              actions: 'forgetFailure',
            },
            'delete.cancelled': [
              {
                description: 'The user changes their mind about a dismissed employee',
                guard: 'wasDismissed',
                target: '#employeeLifecycle.dismissed',
                actions: 'forgetFailure',
              },
              {
                description: 'The user changes their mind',
                target: '#employeeLifecycle.active',
                actions: 'forgetFailure',
              },
            ],
          },
        },
        submitting: {
          description: 'The employee is being deleted',
          invoke: {
            id: 'deleteEmployee',
            src: 'deleteEmployee',
            input: ({ context, event }) => {
              assertEvent(event, 'delete.confirmed')
              return { companyId: context.companyId, staffId: context.staffId, deleteUser: event.deleteUser }
            },
            onDone: {
              description: 'the employee is deleted',
              target: '#employeeLifecycle.deleted',
              actions: assign({ status: 'deleted' }),
            },
            onError: {
              description: 'the question stays open, with the error',
              target: 'confirming',
              actions: failureRemembered,
            },
          },
        },
      },
    },
    /** Deleted: kept for past records, gone from both lists; the card can still bring them back. */
    deleted: {
      description: 'The employee is deleted',
      on: {
        'restore.requested': {
          description: 'The user brings the employee back',
          target: 'restoring',
          actions: 'forgetFailure',
        },
      },
    },
    restoring: {
      description: 'The employee is being brought back to work',
      invoke: {
        id: 'restoreEmployee',
        src: 'restoreEmployee',
        input: ({ context }) => ({ companyId: context.companyId, staffId: context.staffId }),
        onDone: {
          description: 'the employee is at work again',
          target: 'active',
          actions: assign({ status: 'active' }),
        },
        onError: [
          {
            description: 'a dismissed employee stays dismissed; the user sees the error',
            guard: 'wasDismissed',
            target: 'dismissed',
            actions: failureRemembered,
          },
          {
            description: 'the employee stays deleted; the user sees the error',
            target: 'deleted',
            actions: failureRemembered,
          },
        ],
      },
    },
  },
})

/**
 * The sentence kind of a refused dismissal or deletion: the server refuses to remove the salon owner's sign-in
 * (422 on `user_delete`), and anything else is the general failure.
 */
export function refusalKind(failure: CallFailure | null): 'owner' | 'other' | null {
  if (failure === null) return null
  return failure.fieldErrors.user_delete ? 'owner' : 'other'
}
