import { and, desc, eq, gt, isNull, or, type SQL } from 'drizzle-orm'
import type { Database } from '../db/database'
import { companies, invites, users } from '../db/schema'

export interface PendingInvite {
  id: number
  companyId: number
  companyTitle: string
  role: string
  positionId: number | null
  inviterName: string
  expiresAt: Date
}

/**
 * The invites still open (not used, not revoked, not expired) for a phone (digits only) or an e-mail
 * (lower-case), newest first. The caller must have confirmed that the person owns the contact: an invite
 * found this way is accepted by id (accept-invite.ts) without its token.
 */
export async function listPendingInvitesFor(
  db: Database,
  contact: { phone?: string | null; email?: string | null },
  now = new Date(),
): Promise<PendingInvite[]> {
  const matches: SQL[] = []
  if (contact.phone) matches.push(eq(invites.phone, contact.phone))
  if (contact.email) matches.push(eq(invites.email, contact.email.toLowerCase()))
  if (matches.length === 0) return []
  return db
    .select({
      id: invites.id,
      companyId: invites.companyId,
      companyTitle: companies.title,
      role: invites.role,
      positionId: invites.positionId,
      inviterName: users.name,
      expiresAt: invites.expiresAt,
    })
    .from(invites)
    .innerJoin(companies, eq(companies.id, invites.companyId))
    .innerJoin(users, eq(users.id, invites.invitedByUserId))
    .where(
      and(or(...matches), isNull(invites.acceptedAt), isNull(invites.revokedAt), gt(invites.expiresAt, now)),
    )
    .orderBy(desc(invites.createdAt), desc(invites.id))
}
