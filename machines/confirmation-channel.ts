import { assertEvent, assign, fromPromise, raise, setup } from 'xstate'
import { ErrorCode } from '../contract/error-codes'
import { CALLS_BEFORE_SMS, type ConfirmationChannel } from '../contract/onboarding/rules'
import { callFailureOf, type CallFailure } from './call-failure'
import { countdownFrom, countdownGuards, tickCountdown, tickEverySecond } from './countdown'

export type { ConfirmationChannel }

/** What the server answers about a sent code: the channel used, attempts left and the wait before a resend. */
export interface CodeSent {
  channel: ConfirmationChannel
  attemptsLeft: number | null
  /** Seconds until the next resend may be asked for. */
  waitPeriod: number
}

export interface ConfirmationChannelInput {
  progressId: number
  /** The channel the first code went by. */
  channel: ConfirmationChannel
  /** Seconds until a resend may be asked for, from the server. */
  waitPeriod: number
  /** Which SMS route this number takes: sms_vonage for numbers outside Russia and the CIS. */
  smsChannel: 'sms' | 'sms_vonage'
  hasPhone: boolean
  hasEmail: boolean
  /** Calls made so far, as the server counts them. */
  callCount: number
}

export interface ConfirmationChannelContext extends ConfirmationChannelInput {
  secondsLeft: number
  attemptsLeft: number | null
  failure: CallFailure | null
  /** The server's answer to the right code: the progress status, handed to the onboarding machine. */
  verified: unknown
}

export type ConfirmationChannelEvent =
  | { type: 'code.submitted'; code: string }
  | { type: 'code.resend'; channel: ConfirmationChannel }
  | { type: 'code.renewed' }

/** Whether `channel` may be asked for now: SMS only after two calls, each route only for a contact given. */
export function channelAvailable(
  context: Pick<ConfirmationChannelContext, 'callCount' | 'smsChannel' | 'hasPhone' | 'hasEmail'>,
  channel: ConfirmationChannel,
): boolean {
  if (channel === 'email') return context.hasEmail
  if (channel === 'call') return context.hasPhone
  return context.hasPhone && channel === context.smsChannel && context.callCount >= CALLS_BEFORE_SMS
}

/**
 * Confirming the phone or e-mail of an onboarding progress with a 6-digit code (SPEC.md sections 4
 * and 8). The code region takes codes and shows the server's verdict; the resend region counts down
 * from the server's wait period, one tick a second, and then offers the channels allowed: a call
 * again (each call raises the counter), SMS once two calls were made, or e-mail when one was given.
 * After 2002 (attempts exhausted) only a new code helps, so the code region locks until one is sent.
 * The machine ends with the server's answer to the right code.
 */
export const confirmationChannelMachine = setup({
  types: {
    context: {} as ConfirmationChannelContext,
    events: {} as ConfirmationChannelEvent,
    input: {} as ConfirmationChannelInput,
    output: {} as unknown,
  },
  actors: {
    /** POST /onboarding/confirm_code/{id}: answers the progress status; rejects with a CallFailure. */
    verifyCode: fromPromise<unknown, { progressId: number; code: string }>(async () => {
      throw new Error('verifyCode is supplied by the app')
    }),
    /** POST /onboarding/send_confirm_code/{id}: answers CodeSent; rejects with a CallFailure. */
    sendCode: fromPromise<CodeSent, { progressId: number; channel: ConfirmationChannel }>(async () => {
      throw new Error('sendCode is supplied by the app')
    }),
  },
  actions: { tickCountdown: tickCountdown<ConfirmationChannelContext, ConfirmationChannelEvent>() },
  guards: {
    countdownOver: countdownGuards.countdownOver,
    channelAvailable: ({ context, event }) =>
      event.type === 'code.resend' && channelAvailable(context, event.channel),
    attemptsExhausted: (_, params: { error: unknown }) =>
      callFailureOf(params.error).code === ErrorCode.confirmationAttemptsExceeded,
    toldToWait: (_, params: { error: unknown }) => (callFailureOf(params.error).waitPeriod ?? 0) > 0,
  },
}).createMachine({
  id: 'confirmationChannel',
  context: ({ input }) => ({
    ...input,
    secondsLeft: countdownFrom(input.waitPeriod),
    attemptsLeft: null,
    failure: null,
    verified: null,
  }),
  initial: 'active',
  states: {
    active: {
      description: 'The code screen: entering the code and resending it work side by side',
      type: 'parallel',
      states: {
        code: {
          description: 'Entering the code',
          initial: 'editing',
          states: {
            editing: {
              description: 'The user types the 6-digit code',
              on: {
                'code.submitted': { target: 'verifying', description: 'The user submits the code' },
                'code.renewed': {
                  description: 'A new code arrives; the attempts start again',
                  actions: assign({ failure: null }),
                },
              },
            },
            verifying: {
              description: 'The code is being checked',
              entry: assign({ failure: null }),
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context, event }) => {
                  assertEvent(event, 'code.submitted')
                  return { progressId: context.progressId, code: event.code.trim() }
                },
                onDone: {
                  description: 'the contact is confirmed',
                  target: '#confirmationChannel.confirmed',
                  actions: assign({ verified: ({ event }) => event.output }),
                },
                onError: [
                  {
                    description: 'no attempts left: code entry is locked',
                    guard: { type: 'attemptsExhausted', params: ({ event }) => ({ error: event.error }) },
                    target: 'locked',
                    actions: assign({ failure: ({ event }) => callFailureOf(event.error), attemptsLeft: 0 }),
                  },
                  {
                    description: 'the user sees why and tries again',
                    target: 'editing',
                    actions: assign({
                      failure: ({ event }) => callFailureOf(event.error),
                      attemptsLeft: ({ event, context }) =>
                        callFailureOf(event.error).attemptsLeft ?? context.attemptsLeft,
                    }),
                  },
                ],
              },
            },
            // Every attempt of this code is used; only a new code can be confirmed.
            locked: {
              description: 'Too many wrong codes: the user must ask for a new one',
              on: {
                'code.renewed': {
                  description: 'A new code arrives; code entry opens again',
                  target: 'editing',
                  actions: assign({ failure: null }),
                },
              },
            },
          },
        },
        resend: {
          description: 'Sending the code again',
          initial: 'countingDown',
          states: {
            countingDown: {
              description: 'A countdown shows when a new code can be sent',
              always: { description: 'the countdown is over', guard: 'countdownOver', target: 'ready' },
              after: tickEverySecond('countingDown'),
            },
            ready: {
              description: 'The user can ask for a new code',
              on: {
                'code.resend': {
                  description: 'The user asks for a new code',
                  guard: 'channelAvailable',
                  target: 'sending',
                },
              },
            },
            sending: {
              description: 'A new code is being sent',
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context, event }) => {
                  assertEvent(event, 'code.resend')
                  return { progressId: context.progressId, channel: event.channel }
                },
                onDone: {
                  description: 'a new code is on its way; the countdown restarts',
                  target: 'countingDown',
                  actions: [
                    assign({
                      channel: ({ event }) => event.output.channel,
                      callCount: ({ context, event }) =>
                        context.callCount + (event.output.channel === 'call' ? 1 : 0),
                      secondsLeft: ({ event }) => countdownFrom(event.output.waitPeriod),
                      attemptsLeft: ({ event, context }) => event.output.attemptsLeft ?? context.attemptsLeft,
                    }),
                    raise({ type: 'code.renewed' }),
                  ],
                },
                onError: [
                  {
                    description: 'the server asks to wait; the countdown shows how long',
                    // 1001 with a wait: the server says when a resend is allowed, so the countdown restarts.
                    guard: { type: 'toldToWait', params: ({ event }) => ({ error: event.error }) },
                    target: 'countingDown',
                    actions: assign({
                      failure: ({ event }) => callFailureOf(event.error),
                      secondsLeft: ({ event }) => countdownFrom(callFailureOf(event.error).waitPeriod),
                    }),
                  },
                  {
                    description: 'the user sees the error and can ask again',
                    target: 'ready',
                    actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
                  },
                ],
              },
            },
          },
        },
      },
    },
    confirmed: { description: 'The phone or e-mail is confirmed', type: 'final' },
  },
  output: ({ context }: { context: ConfirmationChannelContext }) => context.verified,
})
