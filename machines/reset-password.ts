import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { CodeSent } from './auth-flow-types'
import { callFailureOf, type CallFailure } from './call-failure'
import { countdownFrom, countdownGuards, tickCountdown, tickEverySecondWhileCounting } from './countdown'

export type ResetPasswordEvent =
  | { type: 'contact.submitted'; contact: string }
  | { type: 'contact.change' }
  | { type: 'code.submitted'; code: string }
  | { type: 'code.resend' }
  | { type: 'password.submitted'; password: string; confirmPassword: string }

interface ResetPasswordContext {
  contact: string
  channel: CodeSent['channel'] | null
  /** The resend countdown: starts from wait_period, ticks every second, stops at 0. */
  secondsLeft: number
  token: string | null
  failure: CallFailure | null
}

const SEND_CODE = { route: '/signin/reset/send_code', area: 'public' } as const
const CONFIRM_CODE = { route: '/signin/reset/confirm_code', area: 'public' } as const
const CHANGE_PASSWORD = { route: '/signin/reset/change_password', area: 'public' } as const

/**
 * What a reset in progress keeps across a reload of the page: the app stores it in the tab's session storage
 * and starts the machine with it; the reloaded URL then routes the machine back to its step (a step's route
 * guard accepts it once the code was sent or the token is held), with what the user entered.
 */
export interface ResetProgress {
  contact: string
  channel: CodeSent['channel'] | null
  secondsLeft: number
  token: string | null
}

export const resetProgressOf = ({
  contact,
  channel,
  secondsLeft,
  token,
}: ResetPasswordContext): ResetProgress => ({
  contact,
  channel,
  secondsLeft,
  token,
})

/** set_new_password refused the token (it expired or was used): the reset starts over. */
const tokenRefused = (error: unknown) => callFailureOf(error).fieldErrors.token !== undefined

/**
 * Resetting a forgotten password (SPEC.md section 4): send a code to a phone or e-mail, confirm it (which
 * answers a token), set the new password; then the reset state is cleared and the user signs in. Each step is
 * a routable state: Back and Forward move between the steps the user has reached, and a step not reached yet
 * (its URL opened directly) is refused.
 * The resend countdown starts from the server's wait_period and ticks every second (an XState delay).
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { resume?: ResetProgress | null } | undefined,
  },
  actors: {
    /** POST /auth/send_code */
    sendCode: fromPromise<CodeSent, { contact: string }>(async () => {
      throw new Error('sendCode is supplied by the app')
    }),
    /** POST /auth/create_token: the token for set_new_password. */
    createToken: fromPromise<string, { contact: string; code: string }>(async () => {
      throw new Error('createToken is supplied by the app')
    }),
    /** POST /auth/set_new_password */
    setNewPassword: fromPromise<
      void,
      { contact: string; token: string; password: string; confirmPassword: string }
    >(async () => {
      throw new Error('setNewPassword is supplied by the app')
    }),
  },
  actions: {
    /** Tells the sign-in screen that the password was changed (a notice), after the state is cleared. */
    announceReset: () => {},
    tickCountdown: tickCountdown<ResetPasswordContext, ResetPasswordEvent>(),
  },
  guards: {
    counting: countdownGuards.counting,
    mayResend: countdownGuards.countdownOver,
    tokenRefused: (_, params: { error: unknown }) => tokenRefused(params.error),
    codeSent: ({ context }) => context.channel !== null,
    hasToken: ({ context }) => context.token !== null,
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    contact: '',
    channel: null,
    secondsLeft: 0,
    token: null,
    ...input?.resume,
    failure: null,
  }),
  initial: 'sendCode',
  states: {
    /** Back from a later step (or its URL opened) returns here, keeping the contact. */
    sendCode: {
      id: 'resetPassword.sendCode',
      route: {},
      initial: 'editing',
      states: {
        editing: {
          meta: SEND_CODE,
          on: {
            'contact.submitted': {
              target: 'sending',
              actions: assign({ contact: ({ event }) => event.contact.trim(), failure: null }),
            },
          },
        },
        sending: {
          meta: SEND_CODE,
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => ({ contact: context.contact }),
            onDone: {
              target: '#resetPassword.confirmCode',
              actions: assign({
                channel: ({ event }) => event.output.channel,
                secondsLeft: ({ event }) => countdownFrom(event.output.wait_period),
              }),
            },
            onError: {
              target: 'editing',
              actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
            },
          },
        },
      },
    },
    /** Its URL is accepted once a code was sent; otherwise the machine stays where it is. */
    confirmCode: {
      id: 'resetPassword.confirmCode',
      route: { guard: 'codeSent' },
      initial: 'entering',
      states: {
        entering: {
          meta: CONFIRM_CODE,
          after: tickEverySecondWhileCounting('entering'),
          on: {
            'code.submitted': { target: 'checking', actions: assign({ failure: null }) },
            'code.resend': { guard: 'mayResend', target: 'resending', actions: assign({ failure: null }) },
            'contact.change': { target: '#resetPassword.sendCode', actions: assign({ failure: null }) },
          },
        },
        checking: {
          meta: CONFIRM_CODE,
          invoke: {
            id: 'createToken',
            src: 'createToken',
            input: ({ context, event }) => {
              assertEvent(event, 'code.submitted')
              return { contact: context.contact, code: event.code.trim() }
            },
            onDone: {
              target: '#resetPassword.changePassword',
              actions: assign({ token: ({ event }) => event.output }),
            },
            onError: {
              target: 'entering',
              actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
            },
          },
        },
        resending: {
          meta: CONFIRM_CODE,
          invoke: {
            id: 'resendCode',
            src: 'sendCode',
            input: ({ context }) => ({ contact: context.contact }),
            onDone: {
              target: 'entering',
              actions: assign({
                channel: ({ event }) => event.output.channel,
                secondsLeft: ({ event }) => countdownFrom(event.output.wait_period),
              }),
            },
            onError: {
              target: 'entering',
              actions: assign({
                failure: ({ event }) => callFailureOf(event.error),
                secondsLeft: ({ event }) => countdownFrom(callFailureOf(event.error).waitPeriod),
              }),
            },
          },
        },
      },
    },
    /** Its URL is accepted only with the token the code answered. */
    changePassword: {
      id: 'resetPassword.changePassword',
      route: { guard: 'hasToken' },
      initial: 'editing',
      states: {
        editing: {
          meta: CHANGE_PASSWORD,
          on: { 'password.submitted': { target: 'saving', actions: assign({ failure: null }) } },
        },
        saving: {
          meta: CHANGE_PASSWORD,
          invoke: {
            id: 'setNewPassword',
            src: 'setNewPassword',
            input: ({ context, event }) => {
              assertEvent(event, 'password.submitted')
              const { password, confirmPassword } = event
              return { contact: context.contact, token: context.token!, password, confirmPassword }
            },
            onDone: { target: '#resetPassword.done' },
            onError: [
              {
                guard: { type: 'tokenRefused', params: ({ event }) => ({ error: event.error }) },
                target: '#resetPassword.sendCode',
                actions: assign({ token: null, failure: ({ event }) => callFailureOf(event.error) }),
              },
              { target: 'editing', actions: assign({ failure: ({ event }) => callFailureOf(event.error) }) },
            ],
          },
        },
      },
    },
    /** The reset state is cleared and the user signs in with the new password. */
    done: {
      type: 'final',
      // Back must not return to a finished reset's form.
      meta: { route: '/signin', area: 'public', history: 'replace' },
      entry: [
        assign({ contact: '', channel: null, secondsLeft: 0, token: null, failure: null }),
        'announceReset',
      ],
    },
  },
})
