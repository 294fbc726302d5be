import { confirmationCodeErrors } from '../../contract/error-codes'
import {
  REGISTER_PROBES_PER_IP,
  REGISTER_PROBES_PER_PROGRESS,
  REGISTER_PROBES_WINDOW_SEC,
} from '../constants'
import type { Database } from '../db/database'
import { HttpError } from '../http/http-error'
import { releaseHit, reserveHit, secondsUntilWindowEnds } from '../rate-limit/fixed-window-counter'
import { recordLimitReached } from '../security-log/record-security-event'

/**
 * The last registration step says when the contact typed there (not the confirmed one) belongs to another
 * account (docs/decisions.md, "Registration: a contact of another account"). So that this cannot be used to
 * go through a list of addresses, each check is reserved per registration and per client address before it is
 * made, and given back when the contact turns out to be free: only answers "belongs to another account" count.
 */
export interface ContactProbe {
  /** Gives the check back: the contact was free, nothing was told. */
  release(): Promise<void>
}

const progressKey = (progressId: number) => `register:probes:progress:${progressId}`
const ipKey = (ip: string) => `register:probes:ip:${ip}`

/** Reserves one check of a typed contact; 429 / 1001 with Retry-After past either limit. */
export async function reserveContactProbe(
  db: Database,
  progressId: number,
  ip: string,
): Promise<ContactProbe> {
  const keys = [
    [progressKey(progressId), REGISTER_PROBES_PER_PROGRESS],
    [ipKey(ip), REGISTER_PROBES_PER_IP],
  ] as const
  const reserved: string[] = []
  for (const [key, max] of keys) {
    const count = await reserveHit(db, key, REGISTER_PROBES_WINDOW_SEC, max)
    if (count === max) {
      await recordLimitReached(db, {
        action: 'registration_probe_limit',
        counter: key.split(':').slice(0, 3).join(':'),
        limit: max,
        windowSec: REGISTER_PROBES_WINDOW_SEC,
        ip,
      })
    }
    if (count === null) {
      for (const done of reserved) await releaseHit(db, done)
      throw new HttpError(429, confirmationCodeErrors.sentTooOften.message, {
        code: confirmationCodeErrors.sentTooOften.code,
        retryAfterSec: await secondsUntilWindowEnds(db, key, REGISTER_PROBES_WINDOW_SEC),
      })
    }
    reserved.push(key)
  }
  return {
    release: async () => {
      for (const key of reserved) await releaseHit(db, key)
    },
  }
}
