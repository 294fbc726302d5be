import { assign, type EventObject } from 'xstate'

/*
 * The one resend countdown of the code flows (SPEC.md sections 4 and 9: it starts from the server's wait
 * period, ticks every second and stops at 0). The confirmation-channel, reset-password and two-factor
 * machines each keep `secondsLeft` in their context and build the tick from these pieces, so that the
 * three count the same way. The tick is an XState delay, so tests run it on a simulated clock.
 */

/** The part of a machine's context that the countdown owns. */
export interface CountdownContext {
  /** Whole seconds until another code (or session) may be asked for; 0 when it may be now. */
  secondsLeft: number
}

/** Where a countdown starts for a wait period from the server: whole seconds, never below 0. */
export function countdownFrom(seconds: number | null | undefined): number {
  return Math.max(0, Math.ceil(seconds ?? 0))
}

/** The countdown's guards, listed in each machine's `setup({ guards })`. */
export const countdownGuards = {
  /** The countdown still runs. */
  counting: ({ context }: { context: CountdownContext }) => context.secondsLeft > 0,
  /** The countdown reached 0: another code may be asked for. */
  countdownOver: ({ context }: { context: CountdownContext }) => context.secondsLeft <= 0,
}

/**
 * The countdown's one action, listed in each machine's `setup({ actions })`: a second less. Typed by the
 * machine that lists it, so that XState checks it against that machine's context and events.
 */
export function tickCountdown<TContext extends CountdownContext, TEvent extends EventObject>() {
  return assign<TContext, TEvent, undefined, TEvent, never>(
    ({ context }) => ({ secondsLeft: countdownFrom(context.secondsLeft - 1) }) as Partial<TContext>,
  )
}

/** The tick of a state that counts down: once a second it re-enters `target` (the state itself), a second nearer to 0. */
export function tickEverySecond<TTarget extends string>(target: TTarget) {
  return {
    1000: {
      description: 'the wait for a new code goes down by one second',
      target,
      reenter: true,
      actions: 'tickCountdown' as const,
    },
  }
}

/**
 * The tick of a state that stays while the countdown is over (the code screens): the ticks stop at 0, and the
 * state's own transitions decide what 0 allows.
 */
export function tickEverySecondWhileCounting<TTarget extends string>(target: TTarget) {
  return {
    1000: {
      description: 'the wait for a new code goes down by one second',
      guard: 'counting' as const,
      target,
      reenter: true,
      actions: 'tickCountdown' as const,
    },
  }
}
