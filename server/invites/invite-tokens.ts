import { eq } from 'drizzle-orm'
import type { InviteStatus } from '../../contract/invites/schemas'
import { hashOpaqueToken } from '../auth/opaque-tokens'
import type { Database } from '../db/database'
import { companies, invites, users } from '../db/schema'

/** Invites expire this long after they are sent. */
export const INVITE_TTL_SEC = 7 * 24 * 60 * 60

type InviteRow = typeof invites.$inferSelect

export function inviteStatusOf(row: InviteRow, now = new Date()): InviteStatus {
  if (row.acceptedAt) return 'accepted'
  if (row.revokedAt) return 'revoked'
  if (row.expiresAt <= now) return 'expired'
  return 'pending'
}

/** The invite a link token names, with its company's title and the inviter's name; undefined when unknown. */
export async function findInviteByToken(db: Database, token: string) {
  if (!/^[\w-]{20,128}$/.test(token)) return undefined
  const [row] = await db
    .select({ invite: invites, companyTitle: companies.title, inviterName: users.name })
    .from(invites)
    .innerJoin(companies, eq(companies.id, invites.companyId))
    .innerJoin(users, eq(users.id, invites.invitedByUserId))
    .where(eq(invites.tokenHash, hashOpaqueToken(token)))
  return row
}
