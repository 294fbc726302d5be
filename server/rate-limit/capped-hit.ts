import { confirmationCodeErrors } from '../../contract/error-codes'
import type { Database } from '../db/database'
import { HttpError } from '../http/http-error'
import { recordLimitReached } from '../security-log/record-security-event'
import { reserveHit, secondsUntilWindowEnds } from './fixed-window-counter'

/**
 * Reserves one hit on a capped counter of a code flow, before the work it counts, so that parallel requests
 * cannot get past the cap: past it, 429 / 1001 `limit exceeded` with Retry-After (the end of the window). The
 * hit that takes the last place writes `action` to the security log, naming the counter's kind (the key's first
 * two parts, never the contact).
 */
export async function reserveCappedHit(
  db: Database,
  cap: { key: string; windowSec: number; max: number; action: string },
): Promise<void> {
  const count = await reserveHit(db, cap.key, cap.windowSec, cap.max)
  if (count === null) {
    throw new HttpError(429, confirmationCodeErrors.sentTooOften.message, {
      code: confirmationCodeErrors.sentTooOften.code,
      retryAfterSec: await secondsUntilWindowEnds(db, cap.key, cap.windowSec),
    })
  }
  if (count === cap.max) {
    const counter = cap.key.split(':').slice(0, 2).join(':')
    await recordLimitReached(db, { action: cap.action, counter, limit: cap.max, windowSec: cap.windowSec })
  }
}
