import { and, eq, gt, isNull } from 'drizzle-orm'
import { switchingPageFlags } from '../../contract/auth/account-switching-schemas'
import type { Database } from '../db/database'
import { auditLog, authSessions, switchUserTokens, users } from '../db/schema'
import { HttpError } from '../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../http/validate'
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens'

/** A switch token works this long, once. */
export const SWITCH_TOKEN_TTL_SEC = 60

type User = typeof users.$inferSelect

export const maySwitchUser = (user: User) => switchingPageFlags.some((flag) => user.pageFlags.includes(flag))

const invalidToken = () =>
  new HttpError(422, VALIDATION_FAILED_MESSAGE, {
    fieldErrors: { token: [/*i18n*/ 'The switch token is invalid or expired'] },
  })

/**
 * Issues a switch token for the superuser or support staff. Support staff may not become a superuser: that
 * would turn support rights into every right.
 */
export async function issueSwitchToken(
  db: Database,
  issuer: User,
  targetUserId: number,
  ip: string,
  issuerSession: { sessionId: string; switchedFromSessionId: string | null },
  now = new Date(),
) {
  if (!maySwitchUser(issuer)) throw new HttpError(403, /*i18n*/ 'You may not sign in as another user')
  // A session opened as someone else never opens another: every switch starts from support's own account, so
  // "Return to your account" always has one step back and no chain of borrowed rights forms.
  if (issuerSession.switchedFromSessionId !== null) {
    throw new HttpError(403, /*i18n*/ 'Return to your own account first')
  }
  const [target] = await db.select().from(users).where(eq(users.id, targetUserId))
  if (!target) throw new HttpError(404, /*i18n*/ 'User not found')
  if (target.id === issuer.id) throw new HttpError(403, /*i18n*/ 'You are already signed in as this user')
  if (target.pageFlags.includes('superuser') && !issuer.pageFlags.includes('superuser')) {
    throw new HttpError(403, /*i18n*/ 'You may not sign in as this user')
  }
  const token = newOpaqueToken()
  await db.insert(switchUserTokens).values({
    tokenHash: hashOpaqueToken(token),
    issuedByUserId: issuer.id,
    targetUserId: target.id,
    issuedBySessionId: issuerSession.sessionId,
    expiresAt: new Date(now.getTime() + SWITCH_TOKEN_TTL_SEC * 1000),
    createdAt: now,
  })
  await db
    .insert(auditLog)
    .values({ actorUserId: issuer.id, action: 'switch_user.token_issued', targetUserId: target.id, ip })
  return { token, expires_in: SWITCH_TOKEN_TTL_SEC }
}

/** The live switch token and its issuer, who must still hold a switching flag; 422 on token otherwise. */
export async function findSwitchToken(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .select({ token: switchUserTokens, issuer: users })
    .from(switchUserTokens)
    .innerJoin(users, eq(users.id, switchUserTokens.issuedByUserId))
    .where(
      and(
        eq(switchUserTokens.tokenHash, hashOpaqueToken(token)),
        isNull(switchUserTokens.usedAt),
        gt(switchUserTokens.expiresAt, now),
      ),
    )
  if (!row || !maySwitchUser(row.issuer)) throw invalidToken()
  return row
}

/**
 * Uses the token up (once, even under concurrent calls), writes the audit entry and returns the target user
 * with the issuer's own session, which must still be signed in: the switched session hangs on it.
 */
export async function consumeSwitchToken(
  db: Database,
  tokenId: number,
  ip: string,
  now = new Date(),
): Promise<{ target: User; issuerSessionId: string }> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(switchUserTokens)
      .set({ usedAt: now })
      .where(and(eq(switchUserTokens.id, tokenId), isNull(switchUserTokens.usedAt)))
      .returning()
    if (!used?.issuedBySessionId) throw invalidToken()
    const [issuerSession] = await tx
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(and(eq(authSessions.id, used.issuedBySessionId), isNull(authSessions.revokedAt)))
    if (!issuerSession) throw invalidToken()
    const [target] = await tx.select().from(users).where(eq(users.id, used.targetUserId))
    if (!target) throw invalidToken()
    await tx.insert(auditLog).values({
      actorUserId: used.issuedByUserId,
      action: 'switch_user.signed_in',
      targetUserId: target.id,
      ip,
    })
    return { target, issuerSessionId: issuerSession.id }
  })
}
