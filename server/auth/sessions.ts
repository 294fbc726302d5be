import { randomUUID } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { preparedSql } from '../db/prepared-statement'
import { authSessions, refreshTokens, users } from '../db/schema'
import { hashRefreshToken, newOpaqueToken, revokeSessionIn } from './refresh-tokens'

/** The session and its first refresh token in one statement, so one round trip, and atomic like a transaction. */
const sessionWithFirstToken = preparedSql('start_session', () => {
  const value = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`
  return sql`
    with session as (
      insert into ${authSessions}
        (id, user_id, created_at, last_active_at, user_agent, ip, switched_from_session_id, parent_origin)
      values (${value('sessionId', 'uuid')}, ${value('userId', 'integer')}, ${value('now', 'timestamptz')},
        ${value('now', 'timestamptz')}, ${value('userAgent', 'text')}, ${value('ip', 'text')},
        ${value('switchedFromSessionId', 'uuid')}, ${value('parentOrigin', 'text')})
      returning id
    )
    insert into ${refreshTokens} (id, session_id, token_hash, parent_id, created_at, expires_at)
    select ${value('tokenId', 'uuid')}, session.id, ${value('tokenHash', 'text')}, null,
      ${value('now', 'timestamptz')}, ${value('expiresAt', 'timestamptz')}
    from session`
})

/** Opens a session for a signed-in user and returns it with the first refresh token of its family. */
export async function startSession(
  db: Database,
  config: Pick<Config, 'REFRESH_TOKEN_TTL_SEC' | 'REFRESH_REUSE_GRACE_SEC'>,
  input: {
    userId: number
    userAgent: string | null
    ip: string | null
    /** Set when a support account opens this session as the user: their own session, to return to. */
    switchedFromSessionId?: string | null
    /** Set for a session opened for an admin application that frames the app: the parent's origin. */
    parentOrigin?: string | null
  },
): Promise<{ sessionId: string; refreshToken: string }> {
  const now = new Date()
  const sessionId = randomUUID()
  const refreshToken = newOpaqueToken()
  // Raw SQL parameters are passed as ISO strings: both drivers read those the same way.
  await sessionWithFirstToken(db).execute({
    sessionId,
    userId: input.userId,
    now: now.toISOString(),
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    ip: input.ip,
    switchedFromSessionId: input.switchedFromSessionId ?? null,
    parentOrigin: input.parentOrigin ?? null,
    tokenId: randomUUID(),
    tokenHash: hashRefreshToken(refreshToken),
    expiresAt: new Date(now.getTime() + config.REFRESH_TOKEN_TTL_SEC * 1000).toISOString(),
  })
  return { sessionId, refreshToken }
}

/** Ends a session: its access tokens are refused from now on and its refresh tokens no longer work. */
export function endSession(db: Database, sessionId: string): Promise<void> {
  return db.transaction((tx) => revokeSessionIn(tx, sessionId))
}

/**
 * Ends every live session of a user except `keepSessionId` (null: all of them), for example after an
 * authentication factor changed. Returns how many ended.
 */
export async function endSessionsOfUser(
  db: Database,
  userId: number,
  keepSessionId: string | null,
  now = new Date(),
): Promise<number> {
  const live = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
  const ending = live.filter((session) => session.id !== keepSessionId)
  for (const session of ending) await revokeSessionIn(db, session.id, now)
  return ending.length
}

/** The other side of a switched session: the support account's own session it was opened from. */
const supportSessions = alias(authSessions, 'support_sessions')

/**
 * The user behind an access token, or null when the token must no longer be honoured: the session was
 * revoked (sign-out, refresh-token theft, "sign out" on another device), the password changed after the token
 * was issued, or, for a session of a support account acting as this user, the support account's own session
 * ended (signing support out ends what they opened as others).
 */
export async function findTokenUser(
  db: Database,
  claims: { userId: number; sessionId: string; issuedAt: number },
): Promise<{ user: typeof users.$inferSelect; switchedFromSessionId: string | null } | null> {
  const [row] = await db
    .select({
      user: users,
      switchedFromSessionId: authSessions.switchedFromSessionId,
      supportRevokedAt: supportSessions.revokedAt,
      supportSessionId: supportSessions.id,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(supportSessions, eq(supportSessions.id, authSessions.switchedFromSessionId))
    .where(
      and(
        eq(authSessions.id, claims.sessionId),
        eq(authSessions.userId, claims.userId),
        isNull(authSessions.revokedAt),
      ),
    )
  if (!row) return null
  if (
    row.switchedFromSessionId !== null &&
    (row.supportSessionId === null || row.supportRevokedAt !== null)
  ) {
    return null
  }
  if (!issuedAfterPasswordChange(row.user, claims)) return null
  return { user: row.user, switchedFromSessionId: row.switchedFromSessionId }
}

/** False for a token issued before the user's password last changed (iat has whole seconds only). */
export function issuedAfterPasswordChange(
  user: Pick<typeof users.$inferSelect, 'passwordChangedAt'>,
  claims: { issuedAt: number },
): boolean {
  return Math.floor(user.passwordChangedAt.getTime() / 1000) <= claims.issuedAt
}

/** The name of a session's account: who "Return to your account" goes back to. */
export async function sessionOwnerOf(db: Database, sessionId: string): Promise<{ name: string } | null> {
  const [row] = await db
    .select({ name: users.name })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.id, sessionId))
  return row ?? null
}
