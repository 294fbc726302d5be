import type { Config } from '../config'
import { SIGNIN_THROTTLE_DAY_SEC } from '../constants'
import type { Database } from '../db/database'
import { reserveHits, secondsUntilWindowEnds, settleHits } from '../rate-limit/fixed-window-counter'
import { recordSecurityEvent } from '../security-log/record-security-event'

export type SignInThrottleConfig = Pick<
  Config,
  | 'SIGNIN_THROTTLE_PAIR_MAX'
  | 'SIGNIN_THROTTLE_ACCOUNT_MAX'
  | 'SIGNIN_THROTTLE_ACCOUNT_DAY_MAX'
  | 'SIGNIN_THROTTLE_IP_MAX'
  | 'SIGNIN_THROTTLE_WINDOW_SEC'
>

/** What a sign-in counter counts: an account from one address, an account, an account per day, an address. */
type Scope = 'pair' | 'account' | 'account_day' | 'address'

/**
 * Who is still evaluated once a limit is reached: nobody; only a device the account is remembered on; or also
 * anyone who solves a reCAPTCHA (when reCAPTCHA is configured; otherwise nobody else).
 */
type Pass = 'nobody' | 'remembered-device' | 'remembered-device-or-recaptcha'

interface Limit {
  scope: Scope
  key: string
  windowSec: number
  max: number
  pass: Pass
}

/** The attempt being throttled: whose account (if the login names one) and where it comes from. */
export interface SignInAttempt {
  /** `user:<id>` for an account, `login:<normalised login>` for a login that names none. */
  accountKey: string
  userId: number | null
  ip: string
  /** The browser holds a remembered-account entry for this very user (server/auth/fast-login.ts). */
  fromRememberedDevice: boolean
  /** Checks the request's reCAPTCHA token; null when reCAPTCHA is not configured. */
  verifyRecaptcha: (() => Promise<boolean>) | null
}

export type SignInReservation =
  | {
      kind: 'reserved'
      /** The password was wrong (or the login unknown): the reserved attempts stay counted. */
      failed: () => Promise<void>
      /** The password was right: it does not count as a failure, and earlier failures are forgotten. */
      succeeded: () => Promise<void>
    }
  | { kind: 'throttled'; retryAfterSec: number }
  | { kind: 'recaptcha-required' }

function limitsOf(config: SignInThrottleConfig, attempt: SignInAttempt): Limit[] {
  const window = config.SIGNIN_THROTTLE_WINDOW_SEC
  return [
    {
      scope: 'pair',
      key: `signin:pair:${attempt.accountKey}:${attempt.ip}`,
      windowSec: window,
      max: config.SIGNIN_THROTTLE_PAIR_MAX,
      pass: 'nobody',
    },
    {
      scope: 'account',
      key: `signin:account:${attempt.accountKey}`,
      windowSec: window,
      max: config.SIGNIN_THROTTLE_ACCOUNT_MAX,
      pass: 'remembered-device-or-recaptcha',
    },
    {
      scope: 'account_day',
      key: `signin:account-day:${attempt.accountKey}`,
      windowSec: SIGNIN_THROTTLE_DAY_SEC,
      max: config.SIGNIN_THROTTLE_ACCOUNT_DAY_MAX,
      pass: 'remembered-device',
    },
    {
      scope: 'address',
      key: `signin:ip:${attempt.ip}`,
      windowSec: window,
      max: config.SIGNIN_THROTTLE_IP_MAX,
      pass: 'remembered-device-or-recaptcha',
    },
  ]
}

/**
 * Reserves one sign-in attempt on every counter before the password is checked, all in one statement of
 * conditional upserts (reserveHits), so that no burst, however parallel, gets more evaluations than a limit
 * allows.
 *
 * A reached limit refuses the attempt unless its pass applies: the account's remembered device passes the
 * account, daily and address limits; a solved reCAPTCHA passes the account and address limits. The pair
 * limit (one account from one address) passes nobody. A refused attempt gives back what it reserved and
 * checks no password. Unknown logins are counted under their login exactly like accounts under their id.
 */
export async function reserveSignInAttempt(
  db: Database,
  config: SignInThrottleConfig,
  attempt: SignInAttempt,
): Promise<SignInReservation> {
  const limits = limitsOf(config, attempt)
  const counts = await reserveHits(db, limits)
  const held = limits.flatMap((limit, index) => {
    const count = counts[index]
    return count === null || count === undefined ? [] : [{ limit, count }]
  })
  const blocking = limits.filter(
    (limit, index) => counts[index] === null && !(attempt.fromRememberedDevice && limit.pass !== 'nobody'),
  )
  const giveBack = () => settleHits(db, { reset: [], release: held.map(({ limit }) => limit.key) })

  const recaptchaPasses = blocking.every((limit) => limit.pass === 'remembered-device-or-recaptcha')
  if (blocking.length > 0 && (!recaptchaPasses || attempt.verifyRecaptcha === null)) {
    await giveBack()
    const waits = await Promise.all(
      blocking.map((limit) => secondsUntilWindowEnds(db, limit.key, limit.windowSec)),
    )
    return { kind: 'throttled', retryAfterSec: Math.max(1, ...waits) }
  }
  if (blocking.length > 0 && !(await attempt.verifyRecaptcha!())) {
    await giveBack()
    return { kind: 'recaptcha-required' }
  }

  return {
    kind: 'reserved',
    failed: async () => {
      // The attempt that takes a counter's last place locks it: one security-log entry per lock.
      for (const { limit } of held.filter(({ limit, count }) => count === limit.max)) {
        await recordSecurityEvent(db, {
          action: 'sign_in_locked',
          targetUserId: limit.scope === 'address' ? null : attempt.userId,
          ip: attempt.ip,
          details: { scope: limit.scope, limit: limit.max, window_sec: limit.windowSec },
        })
      }
    },
    succeeded: async () => {
      // NIST 800-63B 5.2.2: a success forgets the failures of that account from that address (the pair
      // counter, always held). The account's counters are forgotten too when this attempt was within them; an
      // attempt let through past them (remembered device, reCAPTCHA) leaves the lock on other devices in place.
      // The address counter only gets this attempt back: other accounts' failures there still count.
      // One statement for all of them.
      await settleHits(db, {
        reset: held.filter(({ limit }) => limit.scope !== 'address').map(({ limit }) => limit.key),
        release: held.filter(({ limit }) => limit.scope === 'address').map(({ limit }) => limit.key),
      })
    },
  }
}
