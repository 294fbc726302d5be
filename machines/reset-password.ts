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
      description: 'Getting a code to reset the password',
      id: 'resetPassword.sendCode',
      route: { description: 'The user opens the code request page' },
      initial: 'editing',
      states: {
        editing: {
          description: 'The user enters their phone or e-mail',
          meta: SEND_CODE,
          on: {
            'contact.submitted': {
              description: 'The user asks for a code',
              target: 'sending',
              actions: assign({ contact: ({ event }) => event.contact.trim(), failure: null }),
            },
          },
        },
        sending: {
          description: 'The code is being sent',
          meta: SEND_CODE,
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => ({ contact: context.contact }),
            onDone: {
              description: 'the user enters the code',
              target: '#resetPassword.confirmCode',
              actions: assign({
                channel: ({ event }) => event.output.channel,
                secondsLeft: ({ event }) => countdownFrom(event.output.wait_period),
              }),
            },
            onError: {
              description: 'the form shows the error',
              target: 'editing',
              actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
            },
          },
        },
      },
    },
    /** Its URL is accepted once a code was sent; otherwise the machine stays where it is. */
    confirmCode: {
      description: 'Confirming the code',
      id: 'resetPassword.confirmCode',
      route: { description: 'The user opens the code page after a code was sent', guard: 'codeSent' },
      initial: 'entering',
      states: {
        entering: {
          description: 'The user enters the code they received',
          meta: CONFIRM_CODE,
          after: tickEverySecondWhileCounting('entering'),
          on: {
            'code.submitted': {
              description: 'The user submits the code',
              target: 'checking',
              actions: assign({ failure: null }),
            },
            'code.resend': {
              description: 'The user asks for a new code once the wait is over',
              guard: 'mayResend',
              target: 'resending',
              actions: assign({ failure: null }),
            },
            'contact.change': {
              description: 'The user goes back to change the phone or e-mail',
              target: '#resetPassword.sendCode',
              actions: assign({ failure: null }),
            },
          },
        },
        checking: {
          description: 'The code is being checked',
          meta: CONFIRM_CODE,
          invoke: {
            id: 'createToken',
            src: 'createToken',
            input: ({ context, event }) => {
              assertEvent(event, 'code.submitted')
              return { contact: context.contact, code: event.code.trim() }
            },
            onDone: {
              description: 'the user sets the new password',
              target: '#resetPassword.changePassword',
              actions: assign({ token: ({ event }) => event.output }),
            },
            onError: {
              description: 'the user sees why and tries again',
              target: 'entering',
              actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
            },
          },
        },
        resending: {
          description: 'A new code is being sent',
          meta: CONFIRM_CODE,
          invoke: {
            id: 'resendCode',
            src: 'sendCode',
            input: ({ context }) => ({ contact: context.contact }),
            onDone: {
              description: 'a new code is on its way',
              target: 'entering',
              actions: assign({
                channel: ({ event }) => event.output.channel,
                secondsLeft: ({ event }) => countdownFrom(event.output.wait_period),
              }),
            },
            onError: {
              description: 'the user sees the error',
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
      description: 'Setting a new password',
      id: 'resetPassword.changePassword',
      route: { description: 'The user opens the new password page with a confirmed code', guard: 'hasToken' },
      initial: 'editing',
      states: {
        editing: {
          description: 'The user enters the new password',
          meta: CHANGE_PASSWORD,
          on: {
            'password.submitted': {
              description: 'The user saves the new password',
              target: 'saving',
              actions: assign({ failure: null }),
            },
          },
        },
        saving: {
          description: 'The new password is being saved',
          meta: CHANGE_PASSWORD,
          invoke: {
            id: 'setNewPassword',
            src: 'setNewPassword',
            input: ({ context, event }) => {
              assertEvent(event, 'password.submitted')
              const { password, confirmPassword } = event
              return { contact: context.contact, token: context.token!, password, confirmPassword }
            },
            onDone: { description: 'the password is changed', target: '#resetPassword.done' },
            onError: [
              {
                description: 'the code has expired: the user asks for a new one',
                guard: { type: 'tokenRefused', params: ({ event }) => ({ error: event.error }) },
                target: '#resetPassword.sendCode',
                actions: assign({ token: null, failure: ({ event }) => callFailureOf(event.error) }),
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
    /** The reset state is cleared and the user signs in with the new password. */
    done: {
      description: 'The password is changed; the user signs in',
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
