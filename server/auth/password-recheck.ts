import type { Config } from '../config'
import type { Database } from '../db/database'
import type { users } from '../db/schema'
import { reserveHit, resetCounter, secondsUntilWindowEnds } from '../rate-limit/fixed-window-counter'
import { recordSecurityEvent } from '../security-log/record-security-event'
import { verifyPassword } from './passwords'

export type PasswordRecheck =
  { kind: 'right' } | { kind: 'wrong' } | { kind: 'throttled'; retryAfterSec: number }

/**
 * Checks the password of a signed-in user before a security change (PUT /user/2fa). A stolen session must not
 * become an unthrottled password oracle, so the check is reserved like a sign-in, per account, with the pair
 * limit (SIGNIN_THROTTLE_PAIR_MAX per SIGNIN_THROTTLE_WINDOW_SEC): a refused check hashes nothing; the right
 * password clears the counter; the check that reaches the limit is written to the security log.
 */
export async function recheckPassword(
  db: Database,
  config: Pick<Config, 'SIGNIN_THROTTLE_PAIR_MAX' | 'SIGNIN_THROTTLE_WINDOW_SEC'>,
  user: typeof users.$inferSelect,
  password: string,
  ip: string,
): Promise<PasswordRecheck> {
  const key = `password-recheck:user:${user.id}`
  const window = config.SIGNIN_THROTTLE_WINDOW_SEC
  const max = config.SIGNIN_THROTTLE_PAIR_MAX
  const count = await reserveHit(db, key, window, max)
  if (count === null) {
    return { kind: 'throttled', retryAfterSec: await secondsUntilWindowEnds(db, key, window) }
  }
  if (await verifyPassword(user.passwordHash, password)) {
    await resetCounter(db, key)
    return { kind: 'right' }
  }
  if (count === max) {
    await recordSecurityEvent(db, {
      action: 'password_recheck_locked',
      targetUserId: user.id,
      actorUserId: user.id,
      ip,
      details: { limit: max, window_sec: window },
    })
  }
  return { kind: 'wrong' }
}
