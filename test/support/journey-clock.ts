import { vi } from 'vitest'

/**
 * Fakes the clock for a screen journey that moves it (a resend countdown, a token's life), while the rest still
 * runs in real time: timeouts and dates are faked and follow real time in 2 ms steps. With the default 20 ms
 * steps, everything the app schedules on the faked clock waited for the next step, and each such journey took
 * two to three times longer than one on the real clock.
 */
export function useJourneyClock(): void {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    advanceTimeDelta: 2,
    toFake: ['setTimeout', 'clearTimeout', 'Date'],
  })
}

/**
 * Fires what the journey left on the faked clock (the analytics queue's flush, a countdown's next tick), then gives
 * the real clock back. A timer dropped with the faked clock never fires, and the app's modules outlive the test:
 * the analytics queue, waiting for a flush that never came, sent nothing for the suites after it.
 */
export function endJourneyClock(): void {
  if (!vi.isFakeTimers()) return
  vi.runOnlyPendingTimers()
  vi.useRealTimers()
}
