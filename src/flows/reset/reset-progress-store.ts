import type { ResetProgress } from '../../../machines/reset-password'

/** The tab's reset in progress (the tab's session storage: it ends with the tab, and no other tab sees it). */
const storageKey = 'reset-password-progress'

/**
 * The countdown is kept as the moment it ends, so a reload a few seconds later resumes with the seconds that
 * are really left rather than the number shown when the page was left.
 */
interface StoredProgress extends Omit<ResetProgress, 'secondsLeft'> {
  resendAt: number
}

export function loadResetProgress(now = Date.now()): ResetProgress | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey)
    if (!raw) return null
    const stored = JSON.parse(raw) as StoredProgress
    if (typeof stored.contact !== 'string' || typeof stored.resendAt !== 'number') return null
    const { resendAt, ...progress } = stored
    return { ...progress, secondsLeft: Math.max(0, Math.ceil((resendAt - now) / 1000)) }
  } catch {
    return null
  }
}

export function saveResetProgress(progress: ResetProgress, now = Date.now()) {
  const { secondsLeft, ...rest } = progress
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify({ ...rest, resendAt: now + secondsLeft * 1000 }))
  } catch {
    // Private modes may refuse storage: the reset still works, it just does not survive a reload.
  }
}

export function clearResetProgress() {
  try {
    window.sessionStorage.removeItem(storageKey)
  } catch {
    // Nothing was stored.
  }
}
