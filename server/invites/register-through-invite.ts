import { eq, or } from 'drizzle-orm'
import type { InviteContinueRegisterBody } from '../../contract/invites/schemas'
import { hashPassword } from '../auth/passwords'
import type { Database } from '../db/database'
import { auditLog, invites, users } from '../db/schema'
import type { FieldErrors } from '../../contract/envelope'
import { HttpError } from '../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../http/validate'
import { acceptInvite } from './accept-invite'

const ALREADY_REGISTERED = /*i18n*/ 'An account with this contact exists: sign in to accept the invitation'

/**
 * Creates the account of a new person from an invite and makes them a member (POST
 * /user_invite_continue_register/{token}). The contact the invite went to must stay the same: the link in
 * that message is what proves the person owns it. Their consents are kept in the audit log with the time and
 * address they were given from.
 */
export async function registerThroughInvite(
  db: Database,
  invite: typeof invites.$inferSelect,
  body: InviteContinueRegisterBody,
  ip: string,
) {
  const email = body.email.toLowerCase()
  const fieldErrors: FieldErrors = {}
  if (invite.email && invite.email !== email)
    fieldErrors.email = ['Use the e-mail the invitation was sent to']
  if (invite.phone && invite.phone !== body.phone)
    fieldErrors.phone = ['Use the phone the invitation was sent to']
  const taken = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(or(eq(users.email, email), eq(users.phone, body.phone)))
  if (taken.some((row) => row.email === email)) fieldErrors.email = [ALREADY_REGISTERED]
  if (taken.some((row) => row.phone === body.phone)) fieldErrors.phone = [ALREADY_REGISTERED]
  if (Object.keys(fieldErrors).length > 0)
    throw new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors })

  const passwordHash = await hashPassword(body.password)
  const user = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ name: body.name, email, phone: body.phone, passwordHash })
      .onConflictDoNothing()
      .returning()
    // Someone registered the same contact a moment ago.
    if (!created)
      throw new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors: { email: [ALREADY_REGISTERED] } })
    const accepted = await acceptInvite(tx, invite.id, created.id)
    if (!accepted.ok) throw new HttpError(410, /*i18n*/ 'This invitation can no longer be used')
    await tx.insert(auditLog).values({
      companyId: invite.companyId,
      actorUserId: created.id,
      action: 'consents.given',
      ip,
      details: {
        oferta: body.oferta,
        confidential: body.confidential,
        info_notifications: body.info_notifications,
      },
    })
    return created
  })
  return user
}
