import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../db/database'
import { companyUsers, invites, staff } from '../db/schema'

export type AcceptInviteResult =
  | { ok: true; companyId: number; role: string }
  | { ok: false; reason: 'not-found' | 'used' | 'expired' | 'revoked' }

/**
 * Makes a user a member of the invite's company with the invite's role and position, and marks the invite
 * used. Idempotent: accepting again by the same user answers ok and changes nothing; an invite used by someone
 * else, revoked or expired is refused. A user who already belongs to the company keeps the role they have.
 *
 * The invite is claimed by one conditional UPDATE inside the transaction, so two people racing for one link
 * cannot both join. Callers decide who may accept: the token link proves it by itself, while a caller that
 * found the invite by phone or e-mail (pending-invites.ts) must have confirmed that contact first.
 */
export async function acceptInvite(
  db: Database,
  inviteId: number,
  userId: number,
  now = new Date(),
): Promise<AcceptInviteResult> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(invites)
      .set({ acceptedAt: now, acceptedByUserId: userId })
      .where(
        and(
          eq(invites.id, inviteId),
          isNull(invites.acceptedAt),
          isNull(invites.revokedAt),
          gt(invites.expiresAt, now),
        ),
      )
      .returning()
    if (claimed) {
      await tx
        .insert(companyUsers)
        .values({
          companyId: claimed.companyId,
          userId,
          userRole: claimed.role,
          positionId: claimed.positionId,
        })
        .onConflictDoNothing({ target: [companyUsers.companyId, companyUsers.userId] })
      if (claimed.staffId !== null) await linkStaffMember(tx, claimed.companyId, claimed.staffId, userId)
      return {
        ok: true,
        companyId: claimed.companyId,
        role: (await roleIn(tx, claimed.companyId, userId)) ?? claimed.role,
      }
    }

    const [existing] = await tx.select().from(invites).where(eq(invites.id, inviteId))
    if (!existing) return { ok: false, reason: 'not-found' }
    if (existing.acceptedAt) {
      return existing.acceptedByUserId === userId
        ? {
            ok: true,
            companyId: existing.companyId,
            role: (await roleIn(tx, existing.companyId, userId)) ?? existing.role,
          }
        : { ok: false, reason: 'used' }
    }
    if (existing.revokedAt) return { ok: false, reason: 'revoked' }
    return { ok: false, reason: 'expired' }
  })
}

/** The role the user holds in the company: the invitation's, or the one they had before it. */
async function roleIn(tx: Database, companyId: number, userId: number): Promise<string | undefined> {
  const [member] = await tx
    .select({ role: companyUsers.userRole })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
  return member?.role
}

/**
 * Gives the invitation's staff member the accepting user as their sign-in, unless someone was linked to them
 * meanwhile or the user already stands for another staff member of the company (one person, one card).
 */
async function linkStaffMember(tx: Database, companyId: number, staffId: number, userId: number) {
  const [already] = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.companyId, companyId), eq(staff.userId, userId), eq(staff.deleted, 0)))
  if (already) return
  await tx
    .update(staff)
    .set({ userId, hasAccessTimetable: true })
    .where(and(eq(staff.id, staffId), eq(staff.companyId, companyId), isNull(staff.userId)))
}
