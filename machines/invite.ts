import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { InviteRegistrationForm, InviteSummary, SignedInReply } from './auth-flow-types'
import { callFailureOf, type CallFailure } from './call-failure'

export type InviteEvent =
  | { type: 'invite.accept' }
  | { type: 'registration.submitted'; form: InviteRegistrationForm }
  /** An existing user who is signed out chooses to sign in and accept (the invite_authorize step). */
  | { type: 'invite.signInChosen' }

/** Why an invite cannot be used: each gets its own screen text. */
export type InviteUnavailableReason = 'unknown' | 'used' | 'expired' | 'revoked'

export interface LoadedInvite {
  invite: InviteSummary
  signedIn: boolean
}

interface InviteContext {
  token: string
  invite: InviteSummary | null
  unavailable: InviteUnavailableReason | null
  failure: CallFailure | null
  /** The company a signed-in member joined: its home opens with it chosen. */
  joinedCompanyId: number | null
}

const SCREEN = { route: '/invite/$token', area: 'public' } as const

function unavailableReasonOf(error: unknown): InviteUnavailableReason | null {
  const failure = callFailureOf(error)
  if (failure.status === 404) return 'unknown'
  if (failure.status === 409) return 'used'
  if (failure.status === 410) return /withdrawn/i.test(failure.message ?? '') ? 'revoked' : 'expired'
  return null
}

/**
 * Accepting an invitation at /{lang}/invite/{token} (SPEC.md section 2). The invite is loaded first: a
 * signed-in user accepts it with one button, a new person fills the invited continue-register form; a used,
 * expired, withdrawn or unknown token gets its own screen. Joining hands the user to the session.
 */
export const inviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
    input: {} as { token: string },
  },
  actors: {
    /** GET /invites/{token}, and whether the visitor is signed in (a member accepts, a new person registers). */
    loadInvite: fromPromise<LoadedInvite, { token: string }>(async () => {
      throw new Error('loadInvite is supplied by the app')
    }),
    /** POST /invites/{token}/accept (signed in) */
    acceptInvite: fromPromise<{ company_id: number }, { token: string }>(async () => {
      throw new Error('acceptInvite is supplied by the app')
    }),
    /** POST /user_invite_continue_register/{token}: the new account's tokens. */
    register: fromPromise<SignedInReply, { token: string; form: InviteRegistrationForm }>(async () => {
      throw new Error('register is supplied by the app')
    }),
  },
  actions: {
    /** A new person registered: store the tokens and start the session. */
    startSession: (_, _params: { pair: SignedInReply }) => {},
  },
  guards: {
    isPendingForMember: (_, params: { loaded: LoadedInvite }) =>
      params.loaded.signedIn && params.loaded.invite.status === 'pending',
    isPending: (_, params: { loaded: LoadedInvite }) => params.loaded.invite.status === 'pending',
    isUnavailable: (_, params: { error: unknown }) => unavailableReasonOf(params.error) !== null,
  },
}).createMachine({
  id: 'invite',
  context: ({ input }) => ({
    token: input.token,
    invite: null,
    unavailable: null,
    failure: null,
    joinedCompanyId: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The invitation is loading',
      meta: SCREEN,
      invoke: {
        id: 'loadInvite',
        src: 'loadInvite',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            description: 'a signed-in user can accept it',
            guard: { type: 'isPendingForMember', params: ({ event }) => ({ loaded: event.output }) },
            target: 'accept',
            actions: assign({ invite: ({ event }) => event.output.invite }),
          },
          {
            description: 'a new person registers',
            guard: { type: 'isPending', params: ({ event }) => ({ loaded: event.output }) },
            target: 'register',
            actions: assign({ invite: ({ event }) => event.output.invite }),
          },
          {
            description: 'the invitation is no longer valid',
            target: 'unavailable',
            actions: assign({
              invite: ({ event }) => event.output.invite,
              unavailable: ({ event }) =>
                (event.output.invite.status === 'accepted'
                  ? 'used'
                  : event.output.invite.status) as InviteUnavailableReason,
            }),
          },
        ],
        onError: {
          description: 'the invitation is shown as unavailable',
          target: 'unavailable',
          actions: assign({ unavailable: ({ event }) => unavailableReasonOf(event.error) ?? 'unknown' }),
        },
      },
    },
    accept: {
      description: 'A signed-in user accepts the invitation',
      initial: 'idle',
      states: {
        idle: {
          description: 'The invitation with an Accept button',
          meta: SCREEN,
          on: {
            'invite.accept': {
              description: 'The user accepts the invitation',
              target: 'accepting',
              actions: assign({ failure: null }),
            },
          },
        },
        accepting: {
          description: 'The invitation is being accepted',
          meta: SCREEN,
          invoke: {
            id: 'acceptInvite',
            src: 'acceptInvite',
            input: ({ context }) => ({ token: context.token }),
            onDone: {
              description: 'the user joins the company',
              target: '#invite.joined',
              actions: assign({ joinedCompanyId: ({ event }) => event.output.company_id }),
            },
            onError: [
              {
                description: 'the invitation has become unavailable',
                guard: { type: 'isUnavailable', params: ({ event }) => ({ error: event.error }) },
                target: '#invite.unavailable',
                actions: assign({ unavailable: ({ event }) => unavailableReasonOf(event.error) }),
              },
              {
                description: 'the user sees the error and can try again',
                target: 'idle',
                actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
              },
            ],
          },
        },
      },
    },
    register: {
      description: 'A new person registers through the invitation',
      initial: 'editing',
      states: {
        editing: {
          description: 'The registration form of the invitation',
          meta: SCREEN,
          on: {
            'registration.submitted': {
              description: 'The user submits the registration form',
              target: 'registering',
              actions: assign({ failure: null }),
            },
            'invite.signInChosen': {
              description: 'The user already has an account and signs in',
              target: '#invite.authorize',
            },
          },
        },
        registering: {
          description: 'The account is being created',
          meta: SCREEN,
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context, event }) => {
              assertEvent(event, 'registration.submitted')
              return { token: context.token, form: event.form }
            },
            onDone: {
              description: 'the account exists and the user joins the company',
              target: '#invite.joined',
              actions: { type: 'startSession', params: ({ event }) => ({ pair: event.output }) },
            },
            onError: [
              {
                description: 'the invitation has become unavailable',
                guard: { type: 'isUnavailable', params: ({ event }) => ({ error: event.error }) },
                target: '#invite.unavailable',
                actions: assign({ unavailable: ({ event }) => unavailableReasonOf(event.error) }),
              },
              {
                description: 'the form shows the error',
                target: 'editing',
                actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
              },
            ],
          },
        },
      },
    },
    /**
     * invite_authorize (SPEC.md section 2): someone who already has an account signs in to accept. Sign-in (with
     * its second factor, when the account has one) returns to the invitation, which then offers to accept it.
     */
    authorize: {
      description: 'The user goes to sign in first',
      type: 'final',
      meta: { route: '/signin?redirect=$invitePath', area: 'public' },
    },
    /** Used, expired, withdrawn or unknown: a screen of its own that says which. */
    unavailable: { description: 'The invitation is no longer valid', meta: SCREEN, type: 'final' },
    /** Joined: the home page with the joined company chosen (its route names it). */
    joined: {
      description: 'The user has joined the company and sees it',
      type: 'final',
      tags: ['success'],
      meta: { route: '/?company=$joinedCompanyId', area: 'private', history: 'replace' },
    },
  },
})
