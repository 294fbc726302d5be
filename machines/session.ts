import { assign, fromPromise, setup } from 'xstate'
import { tokenExpired } from './call-failure'

/** What the app keeps about a signed-in session; the tokens themselves live in cookies. */
export interface SessionUser {
  id: number
  name: string
}

export type SessionEvent =
  | { type: 'session.started'; user: SessionUser }
  | { type: 'token.expired' }
  | { type: 'token.invalid' }
  | { type: 'session.ended' }

/**
 * The session token's life (SPEC.md section 4, "Session token"): valid; expired, refreshed once;
 * or invalid, which logs the user out with 'an authorization error has occurred'.
 * The API client reports expiry and invalidity as events; because a refresh is a state,
 * any number of requests failing at once cause exactly one refresh.
 */
export const sessionMachine = setup({
  types: {
    context: {} as { user: SessionUser | null },
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
  },
}).createMachine({
  id: 'session',
  context: { user: null },
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: { target: 'valid', actions: assign({ user: ({ event }) => event.output }) },
        onError: [
          {
            guard: { type: 'restoreFailedOnExpiry', params: ({ event }) => ({ error: event.error }) },
            target: 'refreshing',
          },
          { target: 'signedOut' },
        ],
      },
    },
    signedOut: {
      meta: { route: '/signin', area: 'public' },
      entry: assign({ user: null }),
      on: {
        'session.started': { target: 'valid', actions: assign({ user: ({ event }) => event.user }) },
      },
    },
    valid: {
      meta: { route: '/', area: 'private' },
      on: {
        'token.expired': 'refreshing',
        'token.invalid': 'invalid',
        'session.ended': 'signingOut',
      },
    },
    refreshing: {
      meta: { area: 'private' },
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        onDone: { target: 'valid', actions: assign({ user: ({ event }) => event.output }) },
        onError: 'invalid',
      },
    },
    invalid: {
      entry: ['clearTokens', 'showAuthorizationError'],
      always: 'signedOut',
    },
    signingOut: {
      invoke: {
        id: 'endSession',
        src: 'endSession',
        onDone: { target: 'signedOut', actions: 'clearTokens' },
        onError: { target: 'signedOut', actions: 'clearTokens' },
      },
    },
  },
})
