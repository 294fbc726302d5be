import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { companies, users } from '../db/schema'
import type { Delivery } from '../delivery/message'

/** What the message of an invite needs: the company, who invites, the contact and the link's language. */
export interface InviteLinkTarget {
  companyId: number
  invitedByUserId: number
  email: string | null
  phone: string | null
  lang?: 'ru' | 'en' | undefined
}

/** What sending an invitation's link needs; `log` is the request's, for what the send logs. */
export interface InviteMessageDeps {
  db: Database
  config: Pick<Config, 'PUBLIC_ORIGIN'>
  delivery: Delivery
  log: FastifyBaseLogger
}

/**
 * Sends the invite's link (/{lang}/invite/{token}) by e-mail or SMS, whichever contact the invite names, and
 * answers the link. The token exists only here and in the message: the database keeps its hash.
 */

export async function sendInviteLink(
  deps: InviteMessageDeps,
  target: InviteLinkTarget,
  token: string,
): Promise<string> {
  const { db } = deps
  const [company] = await db
    .select({ title: companies.title })
    .from(companies)
    .where(eq(companies.id, target.companyId))
  const [inviter] = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, target.invitedByUserId))
  const prefix = target.lang === 'en' ? '/en' : ''
  const link = `${deps.config.PUBLIC_ORIGIN}${prefix}/invite/${token}`
  await deps.delivery.send(
    {
      channel: target.email ? 'email' : 'sms',
      recipient: (target.email ?? target.phone)!.toLowerCase(),
      subject: `Invitation to ${company?.title ?? 'a company'}`,
      text: `${inviter?.name ?? 'A colleague'} invites you to join ${company?.title ?? 'a company'}: ${link} (valid for 7 days).`,
    },
    deps.log,
  )
  return link
}
