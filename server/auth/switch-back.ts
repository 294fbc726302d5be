import { and, eq, isNull } from 'drizzle-orm'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { auditLog, authSessions, refreshTokens, users } from '../db/schema'
import { insertRefreshToken, revokeSessionIn } from './refresh-tokens'

type User = typeof users.$inferSelect
type SwitchBackConfig = Pick<
  Config,
  'REFRESH_TOKEN_TTL_SEC' | 'REFRESH_REUSE_GRACE_SEC' | 'SESSION_MAX_AGE_SEC'
>

export type SwitchBackResult =
  | { ok: true; user: User; sessionId: string; refreshToken: string }
  /** Support's own session ended meanwhile (signed out, expired): they sign in again. */
  | { ok: false }

/**
 * "Return to your account": ends the session opened as another user and resumes the support account's own
 * session, the one that asked for the switch token, with a new refresh token of its family. No password is
 * needed because that session never ended; the refresh tokens it had before are marked rotated, so one copied
 * meanwhile and presented later still gives itself away as reuse and ends the family. Audited.
 */
export async function switchBack(
  db: Database,
  config: SwitchBackConfig,
  switched: { sessionId: string; userId: number; switchedFromSessionId: string },
  ip: string,
  now = new Date(),
): Promise<SwitchBackResult> {
  return db.transaction(async (tx) => {
    await revokeSessionIn(tx, switched.sessionId, now)
    const [support] = await tx
      .select({ session: authSessions, user: users })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(and(eq(authSessions.id, switched.switchedFromSessionId), isNull(authSessions.revokedAt)))
      .for('update', { of: authSessions })
    await tx.insert(auditLog).values({
      actorUserId: support?.user.id ?? null,
      action: 'switch_user.returned',
      targetUserId: switched.userId,
      ip,
      details: { resumed: support !== undefined },
    })
    if (!support) return { ok: false } as const
    if (now.getTime() - support.session.createdAt.getTime() >= config.SESSION_MAX_AGE_SEC * 1000) {
      await revokeSessionIn(tx, support.session.id, now)
      return { ok: false } as const
    }
    await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(refreshTokens.sessionId, support.session.id),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
        ),
      )
    await tx.update(authSessions).set({ lastActiveAt: now }).where(eq(authSessions.id, support.session.id))
    const refreshToken = await insertRefreshToken(tx, config, support.session.id, null, now)
    return { ok: true, user: support.user, sessionId: support.session.id, refreshToken } as const
  })
}
