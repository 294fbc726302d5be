import { assign, fromPromise, setup } from 'xstate'
import type {
  ConfirmationSession,
  SecondFactorReply,
  SignedInReply,
  TotpConfirmed,
  TotpSetup,
} from './auth-flow-types'
import { callFailureOf, CODE_ATTEMPTS_EXHAUSTED, type CallFailure } from './call-failure'

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

/**
 * The returned url when it is a path on this site, else null (the app then goes home). The server already
 * keeps only such paths; the client checks again because it must never send a user to another site:
 * '//host' and '/\host' are protocol-relative in browsers, and control characters are dropped while parsing.
 */
export function sameSitePath(url: string | null | undefined): string | null {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\'))
    return null
  if ([...url].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null
  return url
}

/** What finishSignIn gets: the tokens, and where the user goes next (null: the signed-in home). */
const signInParams = (pair: SignedInReply) => ({ pair, redirectTo: sameSitePath(pair.redirect_url) })

/** A session that is over: no attempts left (2002), or gone (410: replaced, expired or used). */
const sessionOver = (error: unknown) => {
  const failure = callFailureOf(error)
  return failure.code === CODE_ATTEMPTS_EXHAUSTED || failure.status === 410
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
      secondsLeft: params.session.refresh_ttl_sec,
    })),
    /** Stores the tokens, hands the user to the session and goes to the returned url (home when null). */
    finishSignIn: (_, _params: { pair: SignedInReply; redirectTo: string | null }) => {},
    /** Forgets the stored session (it ended or succeeded). */
    forgetSession: () => {},
  },
  guards: {
    hasLoginSession: ({ event }) => {
      const output = (event as { output?: ConfirmationSession | null }).output
      return output !== null && output !== undefined && output.flow !== 'totp_setup'
    },
    hasSetupSession: ({ event }) =>
      (event as { output?: ConfirmationSession | null }).output?.flow === 'totp_setup',
    isContinuedStep: ({ event }) =>
      typeof (event as { output?: object }).output === 'object' &&
      'login_confirmation_session' in ((event as { output?: object }).output ?? {}),
    counting: ({ context }) => context.secondsLeft > 0,
    mayRefresh: ({ context }) => context.secondsLeft === 0,
    sessionOver: ({ event }) => sessionOver((event as { error?: unknown }).error),
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
            guard: 'hasSetupSession',
            target: 'setup',
            actions: assign({ session: ({ event }) => event.output }),
          },
          {
            guard: 'hasLoginSession',
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
          after: {
            1000: {
              guard: 'counting',
              target: 'entering',
              reenter: true,
              actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
            },
          },
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
            input: ({ context, event }) => ({
              uuid: context.session!.uuid,
              code: (event as Extract<TwoFactorEvent, { type: 'code.submitted' }>).code.trim(),
            }),
            onDone: [
              {
                guard: 'isContinuedStep',
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
              { guard: 'sessionOver', target: '#twoFactor.ended', actions: 'forgetSession' },
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
              { guard: 'sessionOver', target: '#twoFactor.ended', actions: 'forgetSession' },
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
            input: ({ context, event }) => ({
              uuid: context.session!.uuid,
              code: (event as Extract<TwoFactorEvent, { type: 'code.submitted' }>).code.trim(),
            }),
            onDone: {
              target: 'recoveryCodes',
              actions: [assign({ signedIn: ({ event }) => event.output }), 'forgetSession'],
            },
            onError: [
              { guard: 'sessionOver', target: '#twoFactor.ended', actions: 'forgetSession' },
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
