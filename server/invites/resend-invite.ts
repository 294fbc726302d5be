import { and, eq, isNull } from 'drizzle-orm'
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaque-tokens'
import { invites } from '../db/schema'
import { HttpError } from '../http/http-error'
import { sendInviteLink, type InviteMessageDeps } from './invite-link-message'
import { INVITE_TTL_SEC } from './invite-tokens'

/**
 * Sends a pending invite again with a new link, valid for a full week from now. The old link stops working (its
 * token is replaced in the same statement that checks the invite is still open), so a message that went astray
 * cannot be used once the person asked for a new one. An accepted or withdrawn invite is refused with 409 (an
 * expired one is renewed: that is what a resend is for); another company's or an unknown one is a 404.
 */
export async function resendInvite(
  deps: InviteMessageDeps,
  target: { companyId: number; inviteId: number; lang?: 'ru' | 'en' | undefined },
  now = new Date(),
) {
  const { db } = deps
  const token = newOpaqueToken()
  const [row] = await db
    .update(invites)
    .set({ tokenHash: hashOpaqueToken(token), expiresAt: new Date(now.getTime() + INVITE_TTL_SEC * 1000) })
    .where(
      and(
        eq(invites.id, target.inviteId),
        eq(invites.companyId, target.companyId),
        isNull(invites.acceptedAt),
        isNull(invites.revokedAt),
      ),
    )
    .returning()
  if (!row) {
    const [existing] = await db
      .select({ acceptedAt: invites.acceptedAt })
      .from(invites)
      .where(and(eq(invites.id, target.inviteId), eq(invites.companyId, target.companyId)))
    if (!existing) throw new HttpError(404, /*i18n*/ 'Invitation not found')
    throw new HttpError(
      409,
      existing.acceptedAt
        ? /*i18n*/ 'This invitation has already been accepted'
        : /*i18n*/ 'This invitation was withdrawn',
    )
  }
  const link = await sendInviteLink(
    deps,
    {
      companyId: row.companyId,
      invitedByUserId: row.invitedByUserId,
      email: row.email,
      phone: row.phone,
      lang: target.lang,
    },
    token,
  )
  return { row, link }
}
