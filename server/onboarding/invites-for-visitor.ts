import { and, eq, isNotNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { InvitesQuery, PendingInvite as ApiPendingInvite } from '../../contract/onboarding/schemas'
import type { Database } from '../db/database'
import { onboardingProgress, onboardingTokens, users } from '../db/schema'
import { listPendingInvitesFor } from '../invites/pending-invites'
import { normalisePhone } from '../phone/phone-number'
import { hashOnboardingToken, readOnboardingCookie } from './progress-cookie'
import { confirmedContacts } from './progress-status'

interface Contacts {
  phones: Set<string>
  emails: Set<string>
}

/**
 * The contacts the caller has proven: those confirmed with a code on this device's progress, and the
 * signed-in user's own. Invites are listed for these only, so the call reveals nothing about anyone else.
 */
async function provenContactsOf(db: Database, request: FastifyRequest): Promise<Contacts> {
  const proven: Contacts = { phones: new Set(), emails: new Set() }
  const cookie = readOnboardingCookie(request)
  if (cookie) {
    const [row] = await db
      .select({ progress: onboardingProgress })
      .from(onboardingTokens)
      .innerJoin(onboardingProgress, eq(onboardingProgress.id, onboardingTokens.progressId))
      .where(
        and(
          eq(onboardingTokens.tokenHash, hashOnboardingToken(cookie)),
          isNotNull(onboardingTokens.confirmedAt),
        ),
      )
    if (row) {
      const contacts = confirmedContacts(row.progress)
      if (contacts.phone) proven.phones.add(contacts.phone)
      if (contacts.email) proven.emails.add(contacts.email)
    }
  }
  if (request.auth) {
    const [user] = await db.select().from(users).where(eq(users.id, request.auth.userId))
    if (user?.phone) proven.phones.add(user.phone)
    if (user?.email) proven.emails.add(user.email)
  }
  return proven
}

/**
 * GET /onboarding/invites?phone=&email=: the pending invites for the asked contacts among the proven ones
 * (all proven ones when none is asked), newest first.
 */
export async function invitesForVisitor(
  db: Database,
  request: FastifyRequest,
  query: InvitesQuery,
): Promise<ApiPendingInvite[]> {
  const proven = await provenContactsOf(db, request)
  const askedPhone = query.phone ? normalisePhone(query.phone)?.digits : undefined
  const askedEmail = query.email?.toLowerCase()
  const asked = query.phone !== undefined || query.email !== undefined
  const phones = asked
    ? [askedPhone].filter((phone): phone is string => !!phone && proven.phones.has(phone))
    : [...proven.phones]
  const emails = asked
    ? [askedEmail].filter((email): email is string => !!email && proven.emails.has(email))
    : [...proven.emails]

  const seen = new Set<number>()
  const result: ApiPendingInvite[] = []
  const lookups = [...phones.map((phone) => ({ phone })), ...emails.map((email) => ({ email }))]
  for (const contact of lookups) {
    for (const invite of await listPendingInvitesFor(db, contact)) {
      if (seen.has(invite.id)) continue
      seen.add(invite.id)
      result.push({
        id: invite.id,
        company: { id: invite.companyId, title: invite.companyTitle },
        role: invite.role,
        position_id: invite.positionId,
        inviter_name: invite.inviterName,
        expires_at: invite.expiresAt.toISOString(),
      })
    }
  }
  return result.sort((a, b) => b.id - a.id)
}
