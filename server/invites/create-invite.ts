import { and, eq } from 'drizzle-orm'
import type { CreateInviteBody } from '../../contract/invites/schemas'
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaque-tokens'
import type { Database } from '../db/database'
import { invites, positions, staff } from '../db/schema'
import { HttpError } from '../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../http/validate'
import { sendInviteLink, type InviteMessageDeps } from './invite-link-message'
import { INVITE_TTL_SEC } from './invite-tokens'

/**
 * Creates an invite and sends its link by e-mail or SMS (sendInviteLink). The token is 256 random bits and only
 * its hash is stored, so the link exists only in the message (and in the answer, which shows it to the sender
 * outside production only). A position must belong to the inviting company.
 */
export async function createInvite(
  deps: InviteMessageDeps,
  input: CreateInviteBody & { companyId: number; invitedByUserId: number },
  now = new Date(),
) {
  const { db } = deps
  if (input.position_id) {
    const [position] = await db
      .select({ id: positions.id })
      .from(positions)
      .where(and(eq(positions.id, input.position_id), eq(positions.companyId, input.companyId)))
    if (!position) {
      throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
        fieldErrors: { position_id: [/*i18n*/ 'Choose a position of this company'] },
      })
    }
  }
  if (input.staff_id) await requireStaffWithoutSignIn(db, input.companyId, input.staff_id)
  const token = newOpaqueToken()
  const [row] = await db
    .insert(invites)
    .values({
      companyId: input.companyId,
      tokenHash: hashOpaqueToken(token),
      phone: input.phone ?? null,
      email: input.email?.toLowerCase() ?? null,
      role: input.role,
      positionId: input.position_id ?? null,
      staffId: input.staff_id ?? null,
      invitedByUserId: input.invitedByUserId,
      expiresAt: new Date(now.getTime() + INVITE_TTL_SEC * 1000),
      createdAt: now,
    })
    .returning()
  const link = await sendInviteLink(deps, { ...input, email: row!.email, phone: row!.phone }, token)
  return { row: row!, link }
}

/** An invitation for a staff member must name one of the company's live staff who has no sign-in yet. */
async function requireStaffWithoutSignIn(db: Database, companyId: number, staffId: number): Promise<void> {
  const [row] = await db
    .select({ userId: staff.userId })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.companyId, companyId), eq(staff.deleted, 0)))
  const problem = !row
    ? /*i18n*/ 'Choose a staff member of this company'
    : row.userId !== null
      ? /*i18n*/ 'This staff member already has a sign-in'
      : null
  if (problem) throw new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors: { staff_id: [problem] } })
}
