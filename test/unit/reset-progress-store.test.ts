import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  clearResetProgress,
  loadResetProgress,
  saveResetProgress,
} from '../../src/flows/reset/reset-progress-store'

// A reload of the reset screen resumes the reset where it was, with the seconds really left to the resend.

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

const sent = { contact: 'anna@example.test', channel: 'email' as const, secondsLeft: 60, token: null }

describe('the reset kept for a reload', () => {
  it('resumes with the seconds that are really left', () => {
    saveResetProgress(sent, 1_000_000)
    expect(loadResetProgress(1_000_000)).toEqual(sent)
    expect(loadResetProgress(1_015_000)).toEqual({ ...sent, secondsLeft: 45 })
    // A second begun counts as a second left, so the resend never opens early.
    expect(loadResetProgress(1_015_001)).toEqual({ ...sent, secondsLeft: 45 })
    expect(loadResetProgress(1_059_999)).toEqual({ ...sent, secondsLeft: 1 })
  })

  it('never counts below zero once the countdown has run out', () => {
    saveResetProgress({ ...sent, channel: null, token: 'reset-token' }, 1_000_000)
    expect(loadResetProgress(2_000_000)).toEqual({
      ...sent,
      channel: null,
      token: 'reset-token',
      secondsLeft: 0,
    })
  })

  it('reads the clock when no moment is given', () => {
    vi.useFakeTimers({ now: 5_000_000 })
    saveResetProgress(sent)
    vi.setSystemTime(5_010_000)
    expect(loadResetProgress()).toEqual({ ...sent, secondsLeft: 50 })
  })

  it('has nothing to resume when nothing was kept, after it is cleared, or when what was kept is unreadable', () => {
    expect(loadResetProgress()).toBeNull()
    saveResetProgress(sent)
    clearResetProgress()
    expect(loadResetProgress()).toBeNull()
    window.sessionStorage.setItem('reset-password-progress', '{broken')
    expect(loadResetProgress()).toBeNull()
  })

  it('has nothing to resume when the contact or the countdown is missing', () => {
    window.sessionStorage.setItem('reset-password-progress', JSON.stringify({ resendAt: 5 }))
    expect(loadResetProgress(0)).toBeNull()
    window.sessionStorage.setItem('reset-password-progress', JSON.stringify({ contact: 'anna@example.test' }))
    expect(loadResetProgress(0)).toBeNull()
  })

  it('keeps the reset working when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError')
    })
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError')
    })
    expect(() => saveResetProgress(sent)).not.toThrow()
    expect(() => clearResetProgress()).not.toThrow()
    expect(loadResetProgress()).toBeNull()
  })
})
