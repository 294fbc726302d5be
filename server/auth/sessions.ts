import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { authSessions, users } from '../db/schema'
import { insertRefreshToken, revokeSessionIn } from './refresh-tokens'

/** Opens a session for a signed-in user and returns it with the first refresh token of its family. */
export async function startSession(
  db: Database,
  config: Pick<Config, 'REFRESH_TOKEN_TTL_SEC' | 'REFRESH_REUSE_GRACE_SEC'>,
  input: { userId: number; userAgent: string | null; ip: string | null },
): Promise<{ sessionId: string; refreshToken: string }> {
  const now = new Date()
  const sessionId = randomUUID()
  return db.transaction(async (tx) => {
    await tx.insert(authSessions).values({
      id: sessionId,
      userId: input.userId,
      createdAt: now,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      ip: input.ip,
    })
    const refreshToken = await insertRefreshToken(tx, config, sessionId, null, now)
    return { sessionId, refreshToken }
  })
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

/**
 * The user behind an access token, or null when the token must no longer be honoured: the session was
 * revoked (sign-out, refresh-token theft) or the password changed after the token was issued.
 */
export async function findTokenUser(
  db: Database,
  claims: { userId: number; sessionId: string; issuedAt: number },
): Promise<typeof users.$inferSelect | null> {
  const [row] = await db
    .select({ user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.id, claims.sessionId),
        eq(authSessions.userId, claims.userId),
        isNull(authSessions.revokedAt),
      ),
    )
  if (!row) return null
  // iat has whole seconds only, so compare at that precision.
  if (Math.floor(row.user.passwordChangedAt.getTime() / 1000) > claims.issuedAt) return null
  return row.user
}
