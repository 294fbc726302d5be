import { randomBytes } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Database } from '../../server/db/database'
import { companyUsers, confirmationCodes, invites } from '../../server/db/schema'
import { json, randomIp } from '../support/server-harness'

/**
 * Small steps for the onboarding suites, so that each test reads as the visitor's journey. A Visitor is one
 * browser: it keeps its onboarding cookie and its address between calls, like a real device.
 */
export class Visitor {
  cookie: string | undefined
  readonly ip: string
  accessToken: string | undefined

  constructor(
    private readonly app: FastifyInstance,
    ip = randomIp(),
  ) {
    this.ip = ip
  }

  private headers(): Record<string, string> {
    const headers: Record<string, string> = {}
    if (this.cookie) headers.cookie = `onboarding_token=${this.cookie}`
    if (this.accessToken) headers.authorization = `Bearer ${this.accessToken}`
    return headers
  }

  async call(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: this.headers(),
      remoteAddress: this.ip,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    })
    const cookie = response.cookies.find((entry) => entry.name === 'onboarding_token')
    if (cookie) this.cookie = cookie.value
    return response
  }

  first(body: Record<string, unknown>) {
    return this.call('POST', '/onboarding/first', { version: 3, ab_group_percentage: 10, ...body })
  }

  /** The first step, expected to succeed; answers the progress id. */
  async start(body: Record<string, unknown>): Promise<number> {
    const response = await this.first(body)
    if (response.statusCode !== 200)
      throw new Error(`first step failed: ${response.statusCode} ${response.body}`)
    return json(response).data.onboarding_progress.id as number
  }

  progress(id: number) {
    return this.call('GET', `/onboarding/progress/${id}`)
  }

  confirm(id: number, code: string) {
    return this.call('POST', `/onboarding/confirm_code/${id}`, { code })
  }

  step(name: 'second' | 'third' | 'fourth' | 'fifth', id: number, body: Record<string, unknown>) {
    return this.call('POST', `/onboarding/${name}/${id}`, body)
  }
}

interface OutboxMessage {
  id: number
  channel: string
  recipient: string
  text: string
}

export async function outbox(app: FastifyInstance): Promise<OutboxMessage[]> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/dev/outbox' })
  return json(response).data as OutboxMessage[]
}

export async function messagesTo(app: FastifyInstance, recipient: string): Promise<OutboxMessage[]> {
  return (await outbox(app)).filter((message) => message.recipient === recipient)
}

/** The code of the newest message to the recipient; a voice call reads its digits one by one. */
export async function latestCode(app: FastifyInstance, recipient: string): Promise<string> {
  const [message] = await messagesTo(app, recipient)
  const digits = /code is ([\d ]+)/.exec(message?.text ?? '')?.[1]?.replace(/ /g, '')
  if (!digits || digits.length !== 6) throw new Error(`no code for ${recipient}: ${message?.text}`)
  return digits
}

/** A Russian mobile number of its own for a test, as typed and as stored. */
export function newPhone(): { typed: string; digits: string } {
  const rest = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')
  return { typed: `+7 916 ${rest}`, digits: `7916${rest}` }
}

export const newEmail = () => `visitor-${Math.random().toString(36).slice(2, 10)}@example.com`

/** Answers of a complete older-table questionnaire for a company. */
export const OLDER_COMPANY_ANSWERS = {
  second: { name: 'Anna', place_count: 1, company_title: 'Anna Beauty', position: 1 },
  third: { business_type_id: 101, staff_count: 2, is_provide_services_by_myself: true },
  fourth: { country_id: 1, city_id: null, referral_source: 1, promo_code: null },
} as const

/** Confirms the newest code sent to the recipient and answers the reply. */
export async function confirmLatest(app: FastifyInstance, visitor: Visitor, id: number, recipient: string) {
  return visitor.confirm(id, await latestCode(app, recipient))
}

/** A visitor whose phone is confirmed and whose older-table questionnaire is complete (from `ip` when given). */
export async function answeredVisitor(app: FastifyInstance, phone = newPhone(), email?: string, ip?: string) {
  const visitor = new Visitor(app, ip)
  const id = await visitor.start({ phone: phone.typed, ...(email ? { email } : {}) })
  const confirmed = await confirmLatest(app, visitor, id, phone.digits)
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`)
  for (const name of ['second', 'third', 'fourth'] as const) {
    const response = await visitor.step(name, id, OLDER_COMPANY_ANSWERS[name])
    if (response.statusCode !== 200) throw new Error(`${name} failed: ${response.body}`)
  }
  return { visitor, id, phone }
}

/** An open invite to the first demo company, as the company's owner would send it (a row of the invites table). */
export async function createInvite(
  db: Database,
  contact: { phone?: string; email?: string },
  role = 'administrator',
): Promise<{ id: number; companyId: number }> {
  const [owner] = await db
    .select({ companyId: companyUsers.companyId, userId: companyUsers.userId })
    .from(companyUsers)
    .where(eq(companyUsers.userRole, 'owner'))
    .orderBy(asc(companyUsers.id))
    .limit(1)
  if (!owner) throw new Error('no demo company')
  const [invite] = await db
    .insert(invites)
    .values({
      companyId: owner.companyId,
      tokenHash: randomBytes(32).toString('hex'),
      phone: contact.phone ?? null,
      email: contact.email ?? null,
      role,
      invitedByUserId: owner.userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: invites.id, companyId: invites.companyId })
  return invite!
}

/** Lets the resend wait of a progress's code pass, as a minute of waiting would. */
export async function passResendWait(db: Database, progressId: number): Promise<void> {
  await db
    .update(confirmationCodes)
    .set({ resendAvailableAt: new Date(Date.now() - 1000) })
    .where(
      and(eq(confirmationCodes.purpose, 'onboarding'), eq(confirmationCodes.subject, String(progressId))),
    )
}
