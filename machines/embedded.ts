import { assign, fromPromise, setup } from 'xstate'

/** Where a location redirect sends the user when the flow names no place (SPEC.md section 4). */
export const defaultRedirectLocation = '/cabinet/info'

/** How long a completed registration waits for the parent before asking it to redirect (SPEC.md section 9). */
export const redirectTimeoutMs = 20_000

/** What the onboarding flow knows when a registration is complete; the parent receives it with a token. */
export interface RegistrationCompletion {
  /** The onboarding progress id, the `{id}` of the onboarding routes. */
  registrationId: number
  user: { id: number; name: string }
  company: { id: number } | null
  /** The onboarding progress as the server last answered it. */
  progress: Record<string, unknown>
  isIndividual: boolean
}

/** The admin application the app runs in, once detection has found it on the allow-list. */
export interface EmbeddingParent {
  origin: string
}

export type EmbeddedEvent =
  | { type: 'registration.completed'; completion: RegistrationCompletion }
  | { type: 'completion.retried' }
  | { type: 'location.redirect'; location?: string }
  | { type: 'page.visited'; path: string; registrationId: number | null }
  | { type: 'session.loggedOut' }
  | { type: 'password.resetCompleted' }
  | { type: 'parent.pinged' }

export interface EmbeddedContext {
  /** The exact origin of the parent frame; null when standalone or not yet detected. */
  parentOrigin: string | null
  completion: RegistrationCompletion | null
  /** The `{id}` of the completion route, taken from the completion. */
  registrationId: number | null
  /** The bearer token handed to the parent; the frame's own session is logged out before it is posted. */
  parentToken: string | null
  location: string
}

/**
 * Embedded admin-app mode (SPEC.md section 4): the app inside the admin application's frame reports
 * to it. Detection decides between standalone and embedded. Embedded, a registration completion first
 * obtains a token for the parent, then logs the frame's own session out, and only then posts
 * registrationComplete; the parent gets 20 s to take over before the frame asks it to redirect to
 * /cabinet/info. Sign-outs post `login`, navigations `webPageVisit`, a password reset
 * `resetPasswordComplete`. Standalone, a completion simply shows /onboarding/complete/{id}.
 */
export const embeddedMachine = setup({
  types: {
    context: {} as EmbeddedContext,
    events: {} as EmbeddedEvent,
  },
  actors: {
    /** Finds the parent frame and checks its origin against the allow-list; null when standalone. */
    detectEmbedding: fromPromise<EmbeddingParent | null, void>(async () => {
      throw new Error('detectEmbedding is supplied by the app')
    }),
    /** Asks the server for a bearer token of a separate session for the parent; answers the token. */
    issueParentToken: fromPromise<string, { parentOrigin: string }>(async () => {
      throw new Error('issueParentToken is supplied by the app')
    }),
    /** Logs the frame's own session out and waits until the app has forgotten it. */
    logoutFrameSession: fromPromise<void, void>(async () => {
      throw new Error('logoutFrameSession is supplied by the app')
    }),
  },
  actions: {
    /** Tells the parent the frame is up (the ready handshake); also the answer to a ping. */
    postReady: () => {},
    /** Posts webPageVisit with the path and the registration id of the route. */
    postWebPageVisit: (_, _params: { path: string; registrationId: number | null }) => {},
    /** Posts `login`: the frame's session has ended and it shows sign-in. */
    postLogin: () => {},
    postResetPasswordComplete: () => {},
    /** Posts registrationComplete with the token, user, company, progress and isIndividual. */
    postRegistrationComplete: () => {},
    postRedirect: (_, _params: { location: string }) => {},
    rememberCompletion: assign(({ event }) =>
      event.type === 'registration.completed'
        ? { completion: event.completion, registrationId: event.completion.registrationId }
        : {},
    ),
  },
  delays: {
    redirectTimeout: redirectTimeoutMs,
  },
}).createMachine({
  id: 'embedded',
  context: {
    parentOrigin: null,
    completion: null,
    registrationId: null,
    parentToken: null,
    location: defaultRedirectLocation,
  },
  initial: 'detecting',
  states: {
    detecting: {
      description: 'The app checks whether it runs inside the admin application',
      invoke: {
        id: 'detectEmbedding',
        src: 'detectEmbedding',
        onDone: [
          {
            description: 'the app is inside the admin application',
            guard: ({ event }) => event.output !== null,
            target: 'embedded',
            actions: assign({ parentOrigin: ({ event }) => event.output?.origin ?? null }),
          },
          { description: 'the app runs on its own', target: 'standalone' },
        ],
        // A failed detection (say, the allow-list could not be read) must never expose anything.
        onError: { target: 'standalone', description: 'the app runs on its own' },
      },
    },
    standalone: {
      description: 'The app runs on its own',
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing to report to anyone',
          on: {
            'registration.completed': {
              description: 'The registration is completed',
              target: 'completed',
              actions: 'rememberCompletion',
            },
          },
        },
        completed: {
          description: 'The registration is complete',
          meta: { route: '/onboarding/complete/$registrationId', area: 'public', history: 'replace' },
        },
      },
    },
    embedded: {
      description: 'The app runs inside the admin application and reports to it',
      entry: 'postReady',
      initial: 'idle',
      on: {
        'parent.pinged': {
          description: 'The admin application asks whether the app is ready',
          actions: 'postReady',
        },
        'page.visited': {
          description: 'The user opens a page; the admin application is told',
          actions: {
            type: 'postWebPageVisit',
            params: ({ event }) => ({ path: event.path, registrationId: event.registrationId }),
          },
        },
        'password.resetCompleted': {
          description: 'The password is reset; the admin application is told',
          actions: 'postResetPasswordComplete',
        },
      },
      states: {
        idle: {
          description: 'Waiting for something to report',
          on: {
            'session.loggedOut': {
              description: 'The user signs out; the admin application is told',
              actions: 'postLogin',
            },
            'registration.completed': {
              description: 'The registration is completed',
              target: 'issuingParentToken',
              actions: 'rememberCompletion',
            },
            'location.redirect': {
              description: 'The admin application asks to go to another page',
              target: 'redirecting',
              actions: assign({ location: ({ event }) => event.location ?? defaultRedirectLocation }),
            },
          },
        },
        issuingParentToken: {
          description: 'Signing the admin application in to the new company',
          meta: { route: '/onboarding/complete/$registrationId', area: 'public', history: 'replace' },
          invoke: {
            id: 'issueParentToken',
            src: 'issueParentToken',
            input: ({ context }) => ({ parentOrigin: context.parentOrigin ?? '' }),
            onDone: {
              description: "the frame's session is closed next",
              target: 'loggingOut',
              actions: assign({ parentToken: ({ event }) => event.output }),
            },
            onError: { target: 'completionFailed', description: 'the user sees the error' },
          },
        },
        loggingOut: {
          description: "Signing out of the frame's own session",
          meta: { route: '/onboarding/complete/$registrationId', area: 'public', history: 'replace' },
          invoke: {
            id: 'logoutFrameSession',
            src: 'logoutFrameSession',
            // The parent's token belongs to its own session, so it is handed over however the logout went.
            onDone: {
              description: 'the admin application is told the registration is done',
              target: 'completed',
              actions: 'postRegistrationComplete',
            },
            onError: {
              description: 'the admin application is told the registration is done all the same',
              target: 'completed',
              actions: 'postRegistrationComplete',
            },
          },
        },
        completionFailed: {
          description: 'Handing over the new company failed; the user can retry',
          meta: { route: '/onboarding/complete/$registrationId', area: 'public', history: 'replace' },
          on: { 'completion.retried': { target: 'issuingParentToken', description: 'The user tries again' } },
        },
        completed: {
          description: 'The registration is complete and reported',
          meta: { route: '/onboarding/complete/$registrationId', area: 'public', history: 'replace' },
          after: {
            redirectTimeout: {
              description: 'the app moves on by itself',
              target: 'redirecting',
              actions: assign({ location: defaultRedirectLocation }),
            },
          },
          on: {
            'location.redirect': {
              description: 'The admin application asks to go to another page',
              target: 'redirecting',
              actions: assign({ location: ({ event }) => event.location ?? defaultRedirectLocation }),
            },
          },
        },
        redirecting: {
          description: 'The admin application is taking the user elsewhere',
          entry: { type: 'postRedirect', params: ({ context }) => ({ location: context.location }) },
        },
      },
    },
  },
})
