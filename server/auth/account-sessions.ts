import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import type { AccountSession } from '../../contract/auth/account-sessions-schemas'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { authSessions } from '../db/schema'
import { revokeSessionIn } from './refresh-tokens'

type LifetimeConfig = Pick<Config, 'REFRESH_TOKEN_TTL_SEC' | 'SESSION_MAX_AGE_SEC'>

/**
 * The user's sessions that can still be used: not signed out, signed in less than SESSION_MAX_AGE_SEC ago and
 * active within REFRESH_TOKEN_TTL_SEC (a session idle longer cannot refresh any more). Most recently active
 * first, the current one marked.
 */
export async function listAccountSessions(
  db: Database,
  config: LifetimeConfig,
  userId: number,
  currentSessionId: string,
  now = new Date(),
): Promise<AccountSession[]> {
  const rows = await db
    .select()
    .from(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        gt(authSessions.createdAt, new Date(now.getTime() - config.SESSION_MAX_AGE_SEC * 1000)),
      ),
    )
    .orderBy(desc(authSessions.lastActiveAt), desc(authSessions.createdAt))
  const idleLimit = now.getTime() - config.REFRESH_TOKEN_TTL_SEC * 1000
  return rows
    .filter((row) => (row.lastActiveAt ?? row.createdAt).getTime() > idleLimit)
    .map((row) => ({
      id: row.id,
      user_agent: row.userAgent,
      ip: row.ip,
      signed_in_at: row.createdAt.toISOString(),
      last_active_at: (row.lastActiveAt ?? row.createdAt).toISOString(),
      current: row.id === currentSessionId,
      by_support: row.switchedFromSessionId !== null,
    }))
}

/**
 * Signs one of the user's own sessions out: its refresh tokens stop working and, since every request checks
 * its session, so does its access token. False when the user has no such live session (someone else's
 * session is answered exactly like an unknown one).
 */
export async function endAccountSession(db: Database, userId: number, sessionId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(
        and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)),
      )
      .for('update')
    if (!row) return false
    await revokeSessionIn(tx, row.id)
    return true
  })
}
