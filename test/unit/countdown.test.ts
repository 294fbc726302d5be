import { describe, expect, it } from 'vitest'
import { createActor, setup, SimulatedClock } from 'xstate'
import {
  countdownFrom,
  countdownGuards,
  tickCountdown,
  tickEverySecond,
  tickEverySecondWhileCounting,
} from '../../machines/countdown'

type Context = { secondsLeft: number }
type Event = { type: 'noop' }

/** The two shapes the code machines build from the countdown: a state that leaves at 0, and one that stays. */
const countdownMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as { waitPeriod: number } },
  actions: { tickCountdown: tickCountdown<Context, Event>() },
  guards: countdownGuards,
}).createMachine({
  context: ({ input }) => ({ secondsLeft: countdownFrom(input.waitPeriod) }),
  initial: 'countingDown',
  states: {
    countingDown: {
      always: { guard: 'countdownOver', target: 'staying' },
      after: tickEverySecond('countingDown'),
    },
    staying: { after: tickEverySecondWhileCounting('staying') },
  },
})

describe('resend countdown', () => {
  it('starts from the wait period in whole seconds, never below 0', () => {
    expect(countdownFrom(2.2)).toBe(3)
    expect(countdownFrom(-4)).toBe(0)
    expect(countdownFrom(null)).toBe(0)
  })

  it('ticks one second at a time and stops at 0', () => {
    const clock = new SimulatedClock()
    const actor = createActor(countdownMachine, { input: { waitPeriod: 3 }, clock }).start()
    const seen = [actor.getSnapshot().context.secondsLeft]
    for (let tick = 0; tick < 4; tick += 1) {
      clock.increment(999)
      expect(actor.getSnapshot().context.secondsLeft).toBe(seen.at(-1))
      clock.increment(1)
      seen.push(actor.getSnapshot().context.secondsLeft)
    }
    expect(seen).toEqual([3, 2, 1, 0, 0])
    expect(actor.getSnapshot().value).toBe('staying')
  })
})
