import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Language } from '../../contract/ui-languages'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { companies, users } from '../db/schema'
import type { Delivery } from '../delivery/message'
import { translate } from '../i18n/server-messages'

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
  /** The language of the request that invites: what the invitation is written in. */
  language: Language
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
      subject: company
        ? translate(deps.language, /*i18n*/ 'Invitation to {company}', { company: company.title })
        : translate(deps.language, /*i18n*/ 'Invitation to a company'),
      text: translate(
        deps.language,
        /*i18n*/ '{inviter} invites you to join {company}: {link} (valid for 7 days).',
        {
          inviter: inviter?.name ?? translate(deps.language, /*i18n*/ 'A colleague'),
          company: company?.title ?? translate(deps.language, /*i18n*/ 'a company'),
          link,
        },
      ),
    },
    deps.log,
  )
  return link
}
