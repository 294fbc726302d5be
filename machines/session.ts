import { assign, fromPromise, setup } from 'xstate'
import { tokenExpired } from './call-failure'

/** What the app keeps about a signed-in session; the tokens themselves live in cookies. */
export interface SessionUser {
  id: number
  name: string
}

export type SessionEvent =
  /** `returnTo`: a page on this site the user asked for before signing in, to go to instead of home. */
  | { type: 'session.started'; user: SessionUser; returnTo?: string | null }
  | { type: 'token.expired' }
  | { type: 'token.invalid' }
  | { type: 'session.ended' }

interface SessionContext {
  user: SessionUser | null
  /** Where the signed-in area opens after this sign-in: the page asked for, or home when null. */
  returnTo: string | null
  /** Why the last session ended: the user signed out, or it could not be kept (then sign-in offers a way back). */
  endedBy: 'user' | 'expiry' | null
}

/**
 * The session token's life (SPEC.md section 4, "Session token"): valid; expired, refreshed once;
 * or invalid, which logs the user out with 'an authorization error has occurred'.
 * The API client reports expiry and invalidity as events; because a refresh is a state,
 * any number of requests failing at once cause exactly one refresh.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /**
     * Checks the stored access token with the server and answers its user; rejects with the failed call
     * (a CallFailure: 401 with 1001 when the token has expired and a refresh may still save the session).
     */
    restoreSession: fromPromise<SessionUser, void>(async () => {
      throw new Error('restoreSession is supplied by the app')
    }),
    /** Exchanges the refresh token for a new pair and answers the user. */
    refreshToken: fromPromise<SessionUser, void>(async () => {
      throw new Error('refreshToken is supplied by the app')
    }),
    /** Revokes the session on the server; the app clears its cookies whatever the answer. */
    endSession: fromPromise<void, void>(async () => {
      throw new Error('endSession is supplied by the app')
    }),
  },
  actions: {
    /** Forgets the stored tokens on this device. */
    clearTokens: () => {},
    /** Tells the user their session could not be kept ('an authorization error has occurred'). */
    showAuthorizationError: () => {},
  },
  guards: {
    restoreFailedOnExpiry: (_, params: { error: unknown }) => tokenExpired(params.error),
    /** A session this tab had in use (not one found expired when the app opened). */
    wasSignedIn: ({ context }) => context.user !== null,
  },
}).createMachine({
  id: 'session',
  context: { user: null, returnTo: null, endedBy: null },
  initial: 'restoring',
  states: {
    restoring: {
      description: 'The app checks whether the user is signed in',
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: {
          description: 'the user is signed in',
          target: 'valid',
          actions: assign({ user: ({ event }) => event.output }),
        },
        onError: [
          {
            description: 'the session has expired and is renewed',
            guard: { type: 'restoreFailedOnExpiry', params: ({ event }) => ({ error: event.error }) },
            target: 'refreshing',
          },
          { description: 'the user is signed out', target: 'signedOut' },
        ],
      },
    },
    signedOut: {
      description: 'The user is signed out and sees the sign-in page',
      meta: { route: '/signin', area: 'public', history: 'replace' },
      entry: assign({ user: null }),
      on: {
        'session.started': {
          description: 'The user signs in',
          target: 'valid',
          actions: assign({
            user: ({ event }) => event.user,
            returnTo: ({ event }) => event.returnTo ?? null,
            endedBy: null,
          }),
        },
      },
    },
    valid: {
      description: 'The user is signed in and works',
      // `$returnTo` is a whole path: the page asked for before sign-in, or home.
      meta: { route: '$returnTo', area: 'private', history: 'replace' },
      on: {
        'token.expired': { target: 'refreshing', description: 'The session expires' },
        'token.invalid': { target: 'invalid', description: 'The server no longer accepts the session' },
        'session.ended': { target: 'signingOut', description: 'The user signs out' },
      },
    },
    refreshing: {
      description: 'The expired session is being renewed',
      meta: { area: 'private' },
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        onDone: {
          description: 'the user goes on working',
          target: 'valid',
          actions: assign({ user: ({ event }) => event.output }),
        },
        // A session found expired when the app opened, and not renewable, simply leads to sign-in; one the
        // user was working in tells them why they are signed out.
        onError: [
          {
            description: 'a signed-in user is told about an authorization error',
            guard: 'wasSignedIn',
            target: 'invalid',
          },
          { description: 'the user is signed out', target: 'signedOut', actions: 'clearTokens' },
        ],
      },
    },
    invalid: {
      description: 'The session is no longer valid',
      entry: ['clearTokens', 'showAuthorizationError', assign({ endedBy: 'expiry' })],
      always: { target: 'signedOut', description: 'the user is signed out' },
    },
    signingOut: {
      description: 'The user is being signed out',
      entry: assign({ endedBy: 'user', returnTo: null }),
      invoke: {
        id: 'endSession',
        src: 'endSession',
        onDone: { description: 'the user is signed out', target: 'signedOut', actions: 'clearTokens' },
        onError: {
          description: 'the user is signed out all the same',
          target: 'signedOut',
          actions: 'clearTokens',
        },
      },
    },
  },
})
