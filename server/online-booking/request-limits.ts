import { ErrorCode } from '../../contract/error-codes'
import type { Database } from '../db/database'
import { HttpError } from '../http/http-error'
import { releaseHit, reserveHit, secondsUntilWindowEnds } from '../rate-limit/fixed-window-counter'

/** Booking requests (each sends a code) one address may make in a window: a family books a few, a script many. */
export const BOOKING_REQUESTS_PER_IP = 10
/** Booking requests to one phone in a window: enough for a client who changes their mind, not for SMS bombing. */
export const BOOKING_REQUESTS_PER_PHONE = 5
/** Codes one address may try in a window, across all its requests (each request also has its own limit). */
export const BOOKING_CONFIRMS_PER_IP = 30
export const BOOKING_LIMIT_WINDOW_SEC = 60 * 60
/**
 * Reads of a chain's salon list one address may make in a window: a client opens it a few times, a family
 * behind one router a few dozen; a script walking chain ids is stopped within a minute.
 */
export const CHAIN_READS_PER_IP = 60
export const CHAIN_READS_WINDOW_SEC = 60

const throttled = async (db: Database, key: string, windowSec: number) =>
  new HttpError(429, /*i18n*/ 'limit exceeded', {
    code: ErrorCode.tokenExpiredOrRateLimited,
    retryAfterSec: await secondsUntilWindowEnds(db, key, windowSec),
  })

/**
 * Reserves one hit on each limit in order, or refuses with 429 / 1001 and Retry-After when one is used up (the
 * hits already taken are given back, so a refused request costs nothing).
 */
async function reserveAll(
  db: Database,
  limits: (readonly [string, number])[],
  windowSec = BOOKING_LIMIT_WINDOW_SEC,
): Promise<void> {
  const reserved: string[] = []
  for (const [key, max] of limits) {
    if ((await reserveHit(db, key, windowSec, max)) === null) {
      for (const done of reserved) await releaseHit(db, done)
      throw await throttled(db, key, windowSec)
    }
    reserved.push(key)
  }
}

/** One booking request from an address to a phone (E.164 digits). */
export const reserveBookingRequest = (db: Database, ip: string, phoneDigits: string) =>
  reserveAll(db, [
    [`b2c:requests:ip:${ip}`, BOOKING_REQUESTS_PER_IP],
    [`b2c:requests:phone:${phoneDigits}`, BOOKING_REQUESTS_PER_PHONE],
  ])

/** One code tried from an address. */
export const reserveBookingConfirm = (db: Database, ip: string) =>
  reserveAll(db, [[`b2c:confirms:ip:${ip}`, BOOKING_CONFIRMS_PER_IP]])

/** One read of a chain's salons from an address. */
export const reserveChainRead = (db: Database, ip: string) =>
  reserveAll(db, [[`b2c:chain:ip:${ip}`, CHAIN_READS_PER_IP]], CHAIN_READS_WINDOW_SEC)
