import { and, desc, eq } from 'drizzle-orm'
import type { CompanyInvite } from '../../contract/invites/schemas'
import type { Database } from '../db/database'
import { invites, users } from '../db/schema'
import { inviteStatusOf } from './invite-tokens'

/** An invite as the inviting company's staff see it, with the name of the member who sent it. */
export function toCompanyInvite(row: typeof invites.$inferSelect, invitedByName: string): CompanyInvite {
  return {
    id: row.id,
    phone: row.phone,
    email: row.email,
    role: row.role,
    position_id: row.positionId,
    staff_id: row.staffId,
    status: inviteStatusOf(row),
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    invited_by_name: invitedByName,
  }
}

/** The company's invites, newest first, or the one with `inviteId` (an empty list when it is not the company's). */
export async function companyInvites(
  db: Database,
  companyId: number,
  inviteId?: number,
): Promise<CompanyInvite[]> {
  const rows = await db
    .select({ invite: invites, invitedByName: users.name })
    .from(invites)
    .innerJoin(users, eq(users.id, invites.invitedByUserId))
    .where(
      and(eq(invites.companyId, companyId), inviteId === undefined ? undefined : eq(invites.id, inviteId)),
    )
    .orderBy(desc(invites.createdAt), desc(invites.id))
  return rows.map((row) => toCompanyInvite(row.invite, row.invitedByName))
}
