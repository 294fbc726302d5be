import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { ErrorCode } from '../contract/error-codes'
import { sameSitePath } from '../contract/same-site-path'
import type {
  ConfirmationSession,
  SecondFactorReply,
  SignedInReply,
  TotpConfirmed,
  TotpSetup,
} from './auth-flow-types'
import { callFailureOf, type CallFailure } from './call-failure'
import { countdownFrom, countdownGuards, tickCountdown, tickEverySecondWhileCounting } from './countdown'
import { classifySignInFailure, type SignInFailureClass } from './sign-in-failure'

export type TwoFactorEvent =
  { type: 'code.submitted'; code: string } | { type: 'session.refresh' } | { type: 'codes.acknowledged' }

interface TwoFactorContext {
  session: ConfirmationSession | null
  /** The refresh_ttl_sec countdown: a new session may be asked for at 0. */
  secondsLeft: number
  failure: CallFailure | null
  setup: TotpSetup | null
  /** The sign-in that the app set-up produced, held while the recovery codes are on screen. */
  signedIn: TotpConfirmed | null
}

const SCREEN = { route: '/signin/2fa', area: 'public' } as const

/** What finishSignIn gets: the tokens, and where the user goes next (null: the signed-in home). */
const signInParams = (pair: SignedInReply) => ({ pair, redirectTo: sameSitePath(pair.redirect_url) })

/** A session that is over: no attempts left (2002), or gone (410: replaced, expired or used). */
const sessionOver = (error: unknown) => {
  const failure = callFailureOf(error)
  return failure.code === ErrorCode.confirmationAttemptsExceeded || failure.status === 410
}

/**
 * The second factor of a sign-in (SPEC.md section 4, "Second factor"). The session that sign-in answered is
 * restored first (it survives a reload); without one the user goes back to sign-in. A code confirms it, which
 * either signs in or answers a new session (a continued step); wrong codes count attempts_left down until the
 * session ends (2002). The refresh_ttl_sec countdown ticks every second (an XState delay) and a new session may be
 * asked for at 0. When sign-in answered the two-factor secret error, the authenticator app is set up first:
 * secret and QR code, one code to confirm, then the recovery codes, shown once.
 */
export const twoFactorMachine = setup({
  types: {
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
  },
  actors: {
    /** The session the sign-in screen handed over (kept for reloads), or null. */
    restoreSession: fromPromise<ConfirmationSession | null>(async () => null),
    /** POST user/2fa/session/verify: tokens, or a new session for a continued step. */
    verifyCode: fromPromise<SignedInReply | SecondFactorReply, { uuid: string; code: string }>(async () => {
      throw new Error('verifyCode is supplied by the app')
    }),
    /** POST user/2fa/session/refresh */
    refreshSession: fromPromise<SecondFactorReply, { uuid: string }>(async () => {
      throw new Error('refreshSession is supplied by the app')
    }),
    /** POST user/2fa/totp/setup */
    loadTotpSetup: fromPromise<TotpSetup, { uuid: string }>(async () => {
      throw new Error('loadTotpSetup is supplied by the app')
    }),
    /** POST user/2fa/totp/confirm */
    confirmTotp: fromPromise<TotpConfirmed, { uuid: string; code: string }>(async () => {
      throw new Error('confirmTotp is supplied by the app')
    }),
  },
  actions: {
    /** Takes a (new) session and starts its refresh_ttl_sec countdown. */
    startCountdown: assign((_, params: { session: ConfirmationSession }) => ({
      session: params.session,
      secondsLeft: countdownFrom(params.session.refresh_ttl_sec),
    })),
    tickCountdown: tickCountdown<TwoFactorContext, TwoFactorEvent>(),
    /** Stores the tokens, hands the user to the session and goes to the returned url (home when null). */
    finishSignIn: (_, _params: { pair: SignedInReply; redirectTo: string | null }) => {},
    /** A refused code is a failed sign-in for analytics (SPEC.md section 8, "Sign-in failure classes"). */
    reportFailure: (_, _params: { failureClass: SignInFailureClass }) => {},
    /** Forgets the stored session (it ended or succeeded). */
    forgetSession: () => {},
  },
  guards: {
    /** Any other stored session: restoring tries hasSetupSession first, so a set-up session never gets here. */
    hasLoginSession: (_, params: { session: ConfirmationSession | null }) => params.session !== null,
    hasSetupSession: (_, params: { session: ConfirmationSession | null }) =>
      params.session?.flow === 'totp_setup',
    isContinuedStep: (_, params: { reply: SignedInReply | SecondFactorReply }) =>
      'login_confirmation_session' in params.reply,
    counting: countdownGuards.counting,
    mayRefresh: countdownGuards.countdownOver,
    sessionOver: (_, params: { error: unknown }) => sessionOver(params.error),
  },
}).createMachine({
  id: 'twoFactor',
  context: { session: null, secondsLeft: 0, failure: null, setup: null, signedIn: null },
  initial: 'restoring',
  states: {
    restoring: {
      description: 'The app restores the sign-in in progress',
      meta: SCREEN,
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            description: 'the user must set up an authenticator app',
            guard: { type: 'hasSetupSession', params: ({ event }) => ({ session: event.output }) },
            target: 'setup',
            actions: assign({ session: ({ event }) => event.output }),
          },
          {
            description: 'the user enters a code',
            guard: { type: 'hasLoginSession', params: ({ event }) => ({ session: event.output }) },
            target: 'code',
            actions: { type: 'startCountdown', params: ({ event }) => ({ session: event.output! }) },
          },
          { description: 'there is no sign-in to continue', target: 'noSession' },
        ],
        onError: { description: 'there is no sign-in to continue', target: 'noSession' },
      },
    },
    code: {
      description: 'Confirming the sign-in with a code',
      initial: 'entering',
      states: {
        entering: {
          description: 'The user enters the code',
          meta: SCREEN,
          after: tickEverySecondWhileCounting('entering'),
          on: {
            'code.submitted': {
              description: 'The user submits the code',
              target: 'verifying',
              actions: assign({ failure: null }),
            },
            'session.refresh': {
              description: 'The user asks for a new code once the wait is over',
              guard: 'mayRefresh',
              target: 'refreshing',
              actions: assign({ failure: null }),
            },
          },
        },
        verifying: {
          description: 'The code is being checked',
          meta: SCREEN,
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context, event }) => {
              assertEvent(event, 'code.submitted')
              return { uuid: context.session!.uuid, code: event.code.trim() }
            },
            onDone: [
              {
                description: 'one more code is needed',
                guard: { type: 'isContinuedStep', params: ({ event }) => ({ reply: event.output }) },
                target: 'entering',
                actions: {
                  type: 'startCountdown',
                  params: ({ event }) => ({
                    session: (event.output as SecondFactorReply).login_confirmation_session,
                  }),
                },
              },
              {
                description: 'the user is signed in',
                target: '#twoFactor.signedIn',
                actions: [
                  'forgetSession',
                  {
                    type: 'finishSignIn',
                    params: ({ event }) => signInParams(event.output as SignedInReply),
                  },
                ],
              },
            ],
            onError: [
              {
                description: 'the attempt has expired',
                guard: { type: 'sessionOver', params: ({ event }) => ({ error: event.error }) },
                target: '#twoFactor.ended',
                actions: [
                  {
                    type: 'reportFailure',
                    params: ({ event }) => ({ failureClass: classifySignInFailure(event.error) }),
                  },
                  'forgetSession',
                ],
              },
              {
                description: 'the user sees why and tries again',
                target: 'entering',
                actions: [
                  {
                    type: 'reportFailure',
                    params: ({ event }) => ({ failureClass: classifySignInFailure(event.error) }),
                  },
                  assign({
                    failure: ({ event }) => callFailureOf(event.error),
                    session: ({ context, event }) => {
                      const attemptsLeft = callFailureOf(event.error).attemptsLeft
                      return attemptsLeft === undefined
                        ? context.session
                        : { ...context.session!, attempts_left: attemptsLeft }
                    },
                  }),
                ],
              },
            ],
          },
        },
        refreshing: {
          description: 'A new code is being requested',
          meta: SCREEN,
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            input: ({ context }) => ({ uuid: context.session!.uuid }),
            onDone: {
              description: 'a new code is on its way',
              target: 'entering',
              actions: {
                type: 'startCountdown',
                params: ({ event }) => ({ session: event.output.login_confirmation_session }),
              },
            },
            onError: [
              {
                description: 'the attempt has expired',
                guard: { type: 'sessionOver', params: ({ event }) => ({ error: event.error }) },
                target: '#twoFactor.ended',
                actions: 'forgetSession',
              },
              {
                description: 'the user sees the error',
                target: 'entering',
                actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
              },
            ],
          },
        },
      },
    },
    setup: {
      description: 'Setting up an authenticator app',
      initial: 'loading',
      states: {
        loading: {
          description: 'The authenticator setup is loading',
          meta: SCREEN,
          invoke: {
            id: 'loadTotpSetup',
            src: 'loadTotpSetup',
            input: ({ context }) => ({ uuid: context.session!.uuid }),
            onDone: {
              description: 'the QR code is shown',
              target: 'showing',
              actions: assign({ setup: ({ event }) => event.output }),
            },
            onError: {
              description: 'the attempt is over',
              target: '#twoFactor.ended',
              actions: 'forgetSession',
            },
          },
        },
        showing: {
          description: "The QR code to scan, and a field for the app's code",
          meta: SCREEN,
          on: {
            'code.submitted': {
              description: "The user submits the app's code",
              target: 'confirming',
              actions: assign({ failure: null }),
            },
          },
        },
        confirming: {
          description: 'The authenticator code is being checked',
          meta: SCREEN,
          invoke: {
            id: 'confirmTotp',
            src: 'confirmTotp',
            input: ({ context, event }) => {
              assertEvent(event, 'code.submitted')
              return { uuid: context.session!.uuid, code: event.code.trim() }
            },
            onDone: {
              description: 'the recovery codes are shown',
              target: 'recoveryCodes',
              actions: [assign({ signedIn: ({ event }) => event.output }), 'forgetSession'],
            },
            onError: [
              {
                description: 'the attempt has expired',
                guard: { type: 'sessionOver', params: ({ event }) => ({ error: event.error }) },
                target: '#twoFactor.ended',
                actions: 'forgetSession',
              },
              {
                description: 'the user sees why and tries again',
                target: 'showing',
                actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
              },
            ],
          },
        },
        recoveryCodes: {
          description: 'The user saves the recovery codes',
          meta: SCREEN,
          on: {
            'codes.acknowledged': {
              description: 'The user has saved the codes',
              target: '#twoFactor.signedIn',
              actions: { type: 'finishSignIn', params: ({ context }) => signInParams(context.signedIn!) },
            },
          },
        },
      },
    },
    /** The session is over (attempts used up, replaced or expired): the screen offers signing in again. */
    ended: { description: 'The sign-in attempt is over; the user starts again', meta: SCREEN, type: 'final' },
    /** Nothing to confirm here: back to sign-in. */
    noSession: {
      description: 'No sign-in in progress; back to the sign-in page',
      meta: { route: '/signin', area: 'public', history: 'replace' },
      type: 'final',
    },
    signedIn: { description: 'The user is signed in', type: 'final', tags: ['success'] },
  },
})
