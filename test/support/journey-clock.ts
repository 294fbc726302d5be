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
