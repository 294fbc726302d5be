import { assign, fromPromise, raise, setup } from 'xstate'

/** How a confirmation code reaches the visitor (SPEC.md section 3, "Other onboarding data"). */
export type ConfirmationChannel = 'sms' | 'call' | 'email' | 'sms_vonage'

/** Calls made before SMS becomes available (SPEC.md section 9). */
export const callsBeforeSms = 2

/** What the server answers about a sent code: the channel used, attempts left and the wait before a resend. */
export interface CodeSent {
  channel: ConfirmationChannel
  attemptsLeft: number | null
  /** Seconds until the next resend may be asked for. */
  waitPeriod: number
}

/** A code failure as the API client reports it; `code` is `errors.code` of SPEC.md section 8. */
export interface CodeFailure {
  code: number | null
  message: string | null
  attemptsLeft: number | null
  /** Seconds to wait, when the server says (a 1001 on a resend). */
  waitPeriod: number | null
}

/** The error codes of SPEC.md section 8 that concern codes. */
export const codeErrors = { invalidCode: 2001, attemptsExceeded: 2002, rateLimited: 1001 } as const

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
  failure: CodeFailure | null
  /** The server's answer to the right code: the progress status, handed to the onboarding machine. */
  verified: unknown
}

export type ConfirmationChannelEvent =
  | { type: 'code.submitted'; code: string }
  | { type: 'code.resend'; channel: ConfirmationChannel }
  | { type: 'code.renewed' }

const failureOf = (error: unknown): CodeFailure => {
  const value = (typeof error === 'object' && error !== null ? error : {}) as Partial<CodeFailure>
  return {
    code: typeof value.code === 'number' ? value.code : null,
    message: typeof value.message === 'string' ? value.message : null,
    attemptsLeft: typeof value.attemptsLeft === 'number' ? value.attemptsLeft : null,
    waitPeriod: typeof value.waitPeriod === 'number' ? value.waitPeriod : null,
  }
}

/** Whether `channel` may be asked for now: SMS only after two calls, each route only for a contact given. */
export function channelAvailable(
  context: Pick<ConfirmationChannelContext, 'callCount' | 'smsChannel' | 'hasPhone' | 'hasEmail'>,
  channel: ConfirmationChannel,
): boolean {
  if (channel === 'email') return context.hasEmail
  if (channel === 'call') return context.hasPhone
  return context.hasPhone && channel === context.smsChannel && context.callCount >= callsBeforeSms
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
    /** POST /onboarding/confirm_code/{id}: answers the progress status; rejects with a CodeFailure. */
    verifyCode: fromPromise<unknown, { progressId: number; code: string }>(async () => {
      throw new Error('verifyCode is supplied by the app')
    }),
    /** POST /onboarding/send_confirm_code/{id}: answers CodeSent; rejects with a CodeFailure. */
    sendCode: fromPromise<CodeSent, { progressId: number; channel: ConfirmationChannel }>(async () => {
      throw new Error('sendCode is supplied by the app')
    }),
  },
  guards: {
    countdownOver: ({ context }) => context.secondsLeft <= 0,
    channelAvailable: ({ context, event }) =>
      event.type === 'code.resend' && channelAvailable(context, event.channel),
    attemptsExhausted: ({ event }) =>
      failureOf((event as { error?: unknown }).error).code === codeErrors.attemptsExceeded,
    toldToWait: ({ event }) => (failureOf((event as { error?: unknown }).error).waitPeriod ?? 0) > 0,
  },
}).createMachine({
  id: 'confirmationChannel',
  context: ({ input }) => ({
    ...input,
    secondsLeft: Math.max(0, Math.ceil(input.waitPeriod)),
    attemptsLeft: null,
    failure: null,
    verified: null,
  }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        code: {
          initial: 'editing',
          states: {
            editing: {
              on: { 'code.submitted': 'verifying', 'code.renewed': { actions: assign({ failure: null }) } },
            },
            verifying: {
              entry: assign({ failure: null }),
              invoke: {
                id: 'verifyCode',
                src: 'verifyCode',
                input: ({ context, event }) => ({
                  progressId: context.progressId,
                  code: (event as { code: string }).code.trim(),
                }),
                onDone: {
                  target: '#confirmationChannel.confirmed',
                  actions: assign({ verified: ({ event }) => event.output }),
                },
                onError: [
                  {
                    guard: 'attemptsExhausted',
                    target: 'locked',
                    actions: assign({ failure: ({ event }) => failureOf(event.error), attemptsLeft: 0 }),
                  },
                  {
                    target: 'editing',
                    actions: assign({
                      failure: ({ event }) => failureOf(event.error),
                      attemptsLeft: ({ event, context }) =>
                        failureOf(event.error).attemptsLeft ?? context.attemptsLeft,
                    }),
                  },
                ],
              },
            },
            // Every attempt of this code is used; only a new code can be confirmed.
            locked: {
              on: { 'code.renewed': { target: 'editing', actions: assign({ failure: null }) } },
            },
          },
        },
        resend: {
          initial: 'countingDown',
          states: {
            countingDown: {
              always: { guard: 'countdownOver', target: 'ready' },
              after: {
                1000: {
                  target: 'countingDown',
                  reenter: true,
                  actions: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
                },
              },
            },
            ready: {
              on: { 'code.resend': { guard: 'channelAvailable', target: 'sending' } },
            },
            sending: {
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context, event }) => ({
                  progressId: context.progressId,
                  channel: (event as { channel: ConfirmationChannel }).channel,
                }),
                onDone: {
                  target: 'countingDown',
                  actions: [
                    assign({
                      channel: ({ event }) => event.output.channel,
                      callCount: ({ context, event }) =>
                        context.callCount + (event.output.channel === 'call' ? 1 : 0),
                      secondsLeft: ({ event }) => Math.max(0, Math.ceil(event.output.waitPeriod)),
                      attemptsLeft: ({ event, context }) => event.output.attemptsLeft ?? context.attemptsLeft,
                    }),
                    raise({ type: 'code.renewed' }),
                  ],
                },
                onError: [
                  {
                    // 1001 with a wait: the server says when a resend is allowed, so the countdown restarts.
                    guard: 'toldToWait',
                    target: 'countingDown',
                    actions: assign({
                      failure: ({ event }) => failureOf(event.error),
                      secondsLeft: ({ event }) => Math.ceil(failureOf(event.error).waitPeriod ?? 0),
                    }),
                  },
                  { target: 'ready', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
                ],
              },
            },
          },
        },
      },
    },
    confirmed: {
      type: 'final',
    },
  },
  output: ({ context }: { context: ConfirmationChannelContext }) => context.verified,
})
