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
      meta: SCREEN,
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'hasSetupSession', params: ({ event }) => ({ session: event.output }) },
            target: 'setup',
            actions: assign({ session: ({ event }) => event.output }),
          },
          {
            guard: { type: 'hasLoginSession', params: ({ event }) => ({ session: event.output }) },
            target: 'code',
            actions: { type: 'startCountdown', params: ({ event }) => ({ session: event.output! }) },
          },
          { target: 'noSession' },
        ],
        onError: { target: 'noSession' },
      },
    },
    code: {
      initial: 'entering',
      states: {
        entering: {
          meta: SCREEN,
          after: tickEverySecondWhileCounting('entering'),
          on: {
            'code.submitted': { target: 'verifying', actions: assign({ failure: null }) },
            'session.refresh': {
              guard: 'mayRefresh',
              target: 'refreshing',
              actions: assign({ failure: null }),
            },
          },
        },
        verifying: {
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
                guard: { type: 'sessionOver', params: ({ event }) => ({ error: event.error }) },
                target: '#twoFactor.ended',
                actions: 'forgetSession',
              },
              {
                target: 'entering',
                actions: assign({
                  failure: ({ event }) => callFailureOf(event.error),
                  session: ({ context, event }) => {
                    const attemptsLeft = callFailureOf(event.error).attemptsLeft
                    return attemptsLeft === undefined
                      ? context.session
                      : { ...context.session!, attempts_left: attemptsLeft }
                  },
                }),
              },
            ],
          },
        },
        refreshing: {
          meta: SCREEN,
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            input: ({ context }) => ({ uuid: context.session!.uuid }),
            onDone: {
              target: 'entering',
              actions: {
                type: 'startCountdown',
                params: ({ event }) => ({ session: event.output.login_confirmation_session }),
              },
            },
            onError: [
              {
                guard: { type: 'sessionOver', params: ({ event }) => ({ error: event.error }) },
                target: '#twoFactor.ended',
                actions: 'forgetSession',
              },
              { target: 'entering', actions: assign({ failure: ({ event }) => callFailureOf(event.error) }) },
            ],
          },
        },
      },
    },
    setup: {
      initial: 'loading',
      states: {
        loading: {
          meta: SCREEN,
          invoke: {
            id: 'loadTotpSetup',
            src: 'loadTotpSetup',
            input: ({ context }) => ({ uuid: context.session!.uuid }),
            onDone: { target: 'showing', actions: assign({ setup: ({ event }) => event.output }) },
            onError: { target: '#twoFactor.ended', actions: 'forgetSession' },
          },
        },
        showing: {
          meta: SCREEN,
          on: { 'code.submitted': { target: 'confirming', actions: assign({ failure: null }) } },
        },
        confirming: {
          meta: SCREEN,
          invoke: {
            id: 'confirmTotp',
            src: 'confirmTotp',
            input: ({ context, event }) => {
              assertEvent(event, 'code.submitted')
              return { uuid: context.session!.uuid, code: event.code.trim() }
            },
            onDone: {
              target: 'recoveryCodes',
              actions: [assign({ signedIn: ({ event }) => event.output }), 'forgetSession'],
            },
            onError: [
              {
                guard: { type: 'sessionOver', params: ({ event }) => ({ error: event.error }) },
                target: '#twoFactor.ended',
                actions: 'forgetSession',
              },
              { target: 'showing', actions: assign({ failure: ({ event }) => callFailureOf(event.error) }) },
            ],
          },
        },
        recoveryCodes: {
          meta: SCREEN,
          on: {
            'codes.acknowledged': {
              target: '#twoFactor.signedIn',
              actions: { type: 'finishSignIn', params: ({ context }) => signInParams(context.signedIn!) },
            },
          },
        },
      },
    },
    /** The session is over (attempts used up, replaced or expired): the screen offers signing in again. */
    ended: { meta: SCREEN, type: 'final' },
    /** Nothing to confirm here: back to sign-in. */
    noSession: { meta: { route: '/signin', area: 'public', history: 'replace' }, type: 'final' },
    signedIn: { type: 'final' },
  },
})
