import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { authSessions, refreshTokens } from '../db/schema'

type RefreshConfig = Pick<Config, 'REFRESH_TOKEN_TTL_SEC' | 'REFRESH_REUSE_GRACE_SEC'>
type RotationConfig = RefreshConfig & Pick<Config, 'SESSION_MAX_AGE_SEC'>

/** SHA-256 hex: only the hash is stored, so the table alone cannot be used to refresh. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** 32 random bytes, base64url: opaque to the client and unguessable. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Stores a new refresh token of a session (its family) and returns the opaque value, which is shown once.
 * `parentId` links a rotated token to its predecessor.
 */
export async function insertRefreshToken(
  db: Database,
  config: RefreshConfig,
  sessionId: string,
  parentId: string | null,
  now: Date,
): Promise<string> {
  const token = newOpaqueToken()
  await db.insert(refreshTokens).values({
    id: randomUUID(),
    sessionId,
    tokenHash: hashRefreshToken(token),
    parentId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + config.REFRESH_TOKEN_TTL_SEC * 1000),
  })
  return token
}

export type RotationResult =
  | { ok: true; userId: number; sessionId: string; refreshToken: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' }

/**
 * Exchanges a refresh token for its successor in the same family.
 *
 * The token's row is locked (SELECT ... FOR UPDATE) for the whole exchange, so two requests racing with the same
 * token are serialised: the first rotates it, the second then sees it rotated. A rotated token presented again
 * within REFRESH_REUSE_GRACE_SEC of its rotation still gets a successor (two tabs refreshing at once stay signed
 * in); later, reuse means the token was copied, and the whole session with all its tokens is revoked. A session
 * older than SESSION_MAX_AGE_SEC gets no successor: it ends, and the user signs in again.
 */
export async function rotateRefreshToken(
  db: Database,
  config: RotationConfig,
  presentedToken: string,
  now = new Date(),
): Promise<RotationResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        expiresAt: refreshTokens.expiresAt,
        rotatedAt: refreshTokens.rotatedAt,
        revokedAt: refreshTokens.revokedAt,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(presentedToken)))
      .for('update')
    if (!row) return { ok: false, reason: 'unknown' } as const

    const [session] = await tx
      .select({
        userId: authSessions.userId,
        revokedAt: authSessions.revokedAt,
        createdAt: authSessions.createdAt,
        switchedFromSessionId: authSessions.switchedFromSessionId,
      })
      .from(authSessions)
      .where(eq(authSessions.id, row.sessionId))
    if (!session || session.revokedAt !== null || row.revokedAt !== null) {
      return { ok: false, reason: 'revoked' } as const
    }
    // A session support opened as this user lives no longer than support's own.
    if (session.switchedFromSessionId !== null) {
      const [support] = await tx
        .select({ revokedAt: authSessions.revokedAt })
        .from(authSessions)
        .where(eq(authSessions.id, session.switchedFromSessionId))
      if (!support || support.revokedAt !== null) return { ok: false, reason: 'revoked' } as const
    }
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' } as const
    if (now.getTime() - session.createdAt.getTime() >= config.SESSION_MAX_AGE_SEC * 1000) {
      await revokeSessionIn(tx, row.sessionId, now)
      return { ok: false, reason: 'expired' } as const
    }

    if (row.rotatedAt !== null) {
      const sinceRotationMs = now.getTime() - row.rotatedAt.getTime()
      if (sinceRotationMs > config.REFRESH_REUSE_GRACE_SEC * 1000) {
        await revokeSessionIn(tx, row.sessionId, now)
        return { ok: false, reason: 'reused' } as const
      }
    } else {
      await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id))
    }

    await tx.update(authSessions).set({ lastActiveAt: now }).where(eq(authSessions.id, row.sessionId))
    const refreshToken = await insertRefreshToken(tx, config, row.sessionId, row.id, now)
    return { ok: true, userId: session.userId, sessionId: row.sessionId, refreshToken } as const
  })
}

/** Revokes a session and every refresh token of its family. */
export async function revokeSessionIn(db: Database, sessionId: string, now = new Date()): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)))
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt)))
}
