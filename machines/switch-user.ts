import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { ErrorCode } from '../contract/error-codes'
import { callFailureOf, type CallFailure } from './call-failure'

/** The account support chose to sign in as. */
export interface SwitchTarget {
  id: number
  name: string
}

/** Support's own second factor, asked before the switch: where the code went (null for the app). */
export interface SwitchCodeSession {
  uuid: string
  transport: 'email' | 'sms' | 'totp'
  recipient: string | null
}

export interface SwitchUserContext {
  target: SwitchTarget | null
  /** The single-use switch token (a minute's life); null until the server gave one. */
  token: string | null
  codeSession: SwitchCodeSession | null
  /** The last refused call, shown where it happened; null while all is well. */
  failure: CallFailure | null
  /** Which call was refused (the invoke id), so the panel words it. */
  failedCall: string | null
}

export type SwitchUserEvent =
  | { type: 'user.chosen'; target: SwitchTarget }
  | { type: 'code.submitted'; code: string }
  | { type: 'switch.cancelled' }

const failureRemembered = {
  type: 'rememberFailure',
  params: ({ event }: { event: { type: string; error: unknown } }) => ({
    error: event.error,
    eventType: event.type,
  }),
} as const

/**
 * Support signs in as another user (SPEC.md sections 6 and 7): they choose the account, ask for a switch token
 * (POST /auth/switch_user/token), and exchange it (POST /auth/switch_user). When support's own account signs in
 * with a second factor, the exchange first answers a confirmation session and support enters their code (the
 * same call with `2fa`). A wrong code keeps the code step; any other refusal (the token ran out, the account
 * may not be acted as) goes back to choosing with a sentence. Switched is final: the app then opens the
 * account's workspace afresh. No routes: the panel stays on support's own page until the switch is done.
 */
export const switchUserMachine = setup({
  types: {
    context: {} as SwitchUserContext,
    events: {} as SwitchUserEvent,
  },
  actors: {
    /** POST /auth/switch_user/token; answers the token. Supplied by the app. */
    requestSwitchToken: fromPromise<string, { userId: number }>(async () => {
      throw new Error('requestSwitchToken is supplied by the app')
    }),
    /**
     * POST /auth/switch_user with the token; answers null once switched (the new session is stored), or the
     * confirmation session when support's second factor is asked first. Supplied by the app.
     */
    switchUser: fromPromise<SwitchCodeSession | null, { token: string }>(async () => {
      throw new Error('switchUser is supplied by the app')
    }),
    /** POST /auth/switch_user with the token and `2fa`: switched once it resolves. Supplied by the app. */
    confirmSwitch: fromPromise<void, { token: string; uuid: string; code: string }>(async () => {
      throw new Error('confirmSwitch is supplied by the app')
    }),
  },
  actions: {
    /** Opens the workspace of the account now signed in (the app reloads it, so nothing of support's stays). */
    openSwitchedAccount: () => {},
    forgetFailure: assign({ failure: null, failedCall: null }),
    /** The token and code session are spent or refused; the target stays, so the panel can name who it was. */
    forgetToken: assign({ token: null, codeSession: null }),
    rememberFailure: assign((_, params: { error: unknown; eventType: string }) => ({
      failure: callFailureOf(params.error),
      failedCall: params.eventType.replace(/^xstate\.error\.actor\./, ''),
    })),
  },
  guards: {
    asksForCode: (_, output: SwitchCodeSession | null) => output !== null,
    wrongCode: (_, params: { error: unknown }) =>
      callFailureOf(params.error).code === ErrorCode.invalidConfirmationCode,
  },
}).createMachine({
  id: 'switchUser',
  context: { target: null, token: null, codeSession: null, failure: null, failedCall: null },
  initial: 'choosing',
  states: {
    /** Support searches for the account and picks it. */
    choosing: {
      description: 'Support chooses the account to sign in as',
      on: {
        'user.chosen': {
          description: 'Support chooses an account',
          target: 'requestingToken',
          actions: ['forgetFailure', assign({ target: ({ event }) => event.target })],
        },
      },
    },
    requestingToken: {
      description: 'The app asks for permission to switch',
      invoke: {
        id: 'requestSwitchToken',
        src: 'requestSwitchToken',
        input: ({ event }) => {
          assertEvent(event, 'user.chosen')
          return { userId: event.target.id }
        },
        onDone: {
          description: 'the switch begins',
          target: 'switching',
          actions: assign({ token: ({ event }) => event.output }),
        },
        onError: {
          description: 'support sees the error',
          target: 'choosing',
          actions: [failureRemembered, 'forgetToken'],
        },
      },
    },
    switching: {
      description: 'Switching to the chosen account',
      invoke: {
        id: 'switchUser',
        src: 'switchUser',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            description: 'a confirmation code is needed',
            guard: { type: 'asksForCode', params: ({ event }) => event.output },
            target: 'enteringCode',
            actions: assign({ codeSession: ({ event }) => event.output }),
          },
          { description: 'the switch is done', target: 'switched' },
        ],
        onError: {
          description: 'support sees the error',
          target: 'choosing',
          actions: [failureRemembered, 'forgetToken'],
        },
      },
    },
    /** Support's own code: by e-mail, SMS or from their authenticator app. */
    enteringCode: {
      description: 'Support enters the confirmation code',
      on: {
        'code.submitted': {
          description: 'Support submits the code',
          target: 'confirming',
          actions: 'forgetFailure',
        },
        'switch.cancelled': {
          description: 'Support cancels the switch',
          target: 'choosing',
          actions: ['forgetFailure', 'forgetToken'],
        },
      },
    },
    confirming: {
      description: 'The code is being checked',
      invoke: {
        id: 'confirmSwitch',
        src: 'confirmSwitch',
        input: ({ context, event }) => {
          assertEvent(event, 'code.submitted')
          return { token: context.token ?? '', uuid: context.codeSession?.uuid ?? '', code: event.code }
        },
        onDone: { description: 'the switch is done', target: 'switched' },
        onError: [
          {
            description: 'the code is wrong; support tries again',
            guard: { type: 'wrongCode', params: ({ event }) => ({ error: event.error }) },
            target: 'enteringCode',
            actions: failureRemembered,
          },
          {
            description: 'support sees the error and starts over',
            target: 'choosing',
            actions: [failureRemembered, 'forgetToken'],
          },
        ],
      },
    },
    switched: {
      description: 'Support now works as the chosen user',
      type: 'final',
      entry: 'openSwitchedAccount',
    },
  },
})
