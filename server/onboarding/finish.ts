import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type {
  ContinueRegisterAcceptInvitesBody,
  ContinueRegisterCreateCompanyBody,
  CreateCompanyBody,
  JoinBody,
  OnboardingCompletion,
} from '../../contract/onboarding/schemas'
import { INDIVIDUAL_PLACE_COUNT_ID, NEWER_VERSION, OWNER_POSITION_ID } from '../../contract/onboarding/rules'
import type { TokenPair } from '../../contract/auth/schemas'
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../auth/common-passwords'
import { hashPassword } from '../auth/passwords'
import { setRefreshCookie } from '../auth/refresh-cookie'
import { startSession } from '../auth/sessions'
import { buildTokenPair } from '../auth/token-pair'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { companies, companyUsers, onboardingProgress, positions, users } from '../db/schema'
import { HttpError } from '../http/http-error'
import { acceptInvite } from '../invites/accept-invite'
import { listPendingInvitesFor, type PendingInvite } from '../invites/pending-invites'
import { normalisePhone } from '../phone/phone-number'
import { countryOfCity } from '../references/cities'
import { companyDefaultsOf } from '../references/countries'
import { countryIdOf, isoCodeOf, RUSSIA_COUNTRY_ID } from '../references/country-ids'
import { positionTitle } from '../references/onboarding-references'
import { INVALID_PHONE_MESSAGE } from './first-step'
import {
  COMPLETED_MESSAGE,
  FORBIDDEN_MESSAGE,
  requireProgressAccess,
  type ProgressRow,
} from './progress-access'
import { confirmedContacts } from './progress-status'
import { reserveContactProbe } from './contact-probes'
import { uniqueViolationOf } from './unique-violation'
import { startTrialLicense } from '../business/license/trial-license'
import { askedLanguage } from '../i18n/request-language'

export interface FinishDeps {
  db: Database
  config: Pick<
    Config,
    | 'JWT_SECRET'
    | 'PUBLIC_ORIGIN'
    | 'EMBED_PARENT_ORIGINS'
    | 'ACCESS_TOKEN_TTL_SEC'
    | 'REFRESH_TOKEN_TTL_SEC'
    | 'REFRESH_REUSE_GRACE_SEC'
  >
}

export const QUESTIONNAIRE_UNFINISHED_MESSAGE = /*i18n*/ 'Answer the questionnaire first.'
export const NO_INVITES_MESSAGE = /*i18n*/ 'There are no pending invites for your phone or e-mail.'
export const ALREADY_REGISTERED_MESSAGE =
  /*i18n*/ 'An account was already created for this registration. Sign in.'
const EMAIL_TAKEN_MESSAGE = /*i18n*/ 'This e-mail belongs to another account. Sign in, or use another e-mail.'
const PHONE_TAKEN_MESSAGE =
  /*i18n*/ 'This phone number belongs to another account. Sign in, or use another number.'

type Executor = Pick<Database, 'select' | 'insert' | 'update'>

const fieldError = (field: string, message: string) =>
  new HttpError(422, /*i18n*/ 'Validation failed', { fieldErrors: { [field]: [message] } })

function requireQuestionnaireDone(progress: ProgressRow) {
  const lastStep = progress.version === NEWER_VERSION ? 4 : 3
  if ((progress.lastCompletedStep ?? 0) < lastStep) throw new HttpError(409, QUESTIONNAIRE_UNFINISHED_MESSAGE)
}

interface NewAccount {
  name: string
  email: string | null
  phone: string | null
  passwordHash: string
  /** The language the visitor registered in: the server writes to them in it when a request names none. */
  language: string | null
}

/**
 * The account a visitor registers: the contact they confirmed, the other one from this form (or from the first
 * step when they gave it there), and the password. The unconfirmed contact must not belong to another account:
 * that is refused on its field, which tells someone who has just proved they own the confirmed contact, at most
 * a few times per registration and per address (contact-probes.ts; docs/decisions.md).
 */
async function newAccountOf(
  db: Database,
  request: FastifyRequest,
  progress: ProgressRow,
  body: { name: string; password: string; email?: string | null; phone?: string | null },
): Promise<NewAccount> {
  const confirmed = confirmedContacts(progress)
  let email = confirmed.email ?? (body.email ? body.email.toLowerCase() : progress.email)
  let phone = confirmed.phone
  if (!phone) {
    if (body.phone) {
      const parsed = normalisePhone(body.phone)
      if (!parsed) throw fieldError('phone', INVALID_PHONE_MESSAGE)
      phone = parsed.digits
    } else {
      phone = progress.phone
    }
  }
  if (!confirmed.email && !email) throw fieldError('email', /*i18n*/ 'Enter an e-mail')
  if (!confirmed.phone && !phone) throw fieldError('phone', /*i18n*/ 'Enter a phone number')
  if (await isCommonPassword(body.password)) throw fieldError('password', COMMON_PASSWORD_MESSAGE)
  email = email ?? null
  phone = phone ?? null
  // Only the contact typed here is checked: the confirmed one is the visitor's own.
  const typedEmail = confirmed.email ? null : email
  const typedPhone = confirmed.phone ? null : phone
  if (typedEmail || typedPhone) {
    const probe = await reserveContactProbe(db, progress.id, request.ip)
    if (typedEmail) {
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, typedEmail))
      if (taken) throw fieldError('email', EMAIL_TAKEN_MESSAGE)
    }
    if (typedPhone) {
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.phone, typedPhone))
      if (taken) throw fieldError('phone', PHONE_TAKEN_MESSAGE)
    }
    await probe.release()
  }
  return {
    name: body.name,
    email,
    phone,
    passwordHash: await hashPassword(body.password),
    language: askedLanguage(request) ?? null,
  }
}

/**
 * Marks the progress finished, first thing in the finishing transaction: of any number of parallel finishing
 * calls only one gets past this (the others wait on the row lock, then find it finished: 409), so no second
 * account or company is ever created. The caller records the user and company once it has them.
 */
async function claimProgress(tx: Executor, progressId: number) {
  const [claimed] = await tx
    .update(onboardingProgress)
    .set({ completedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(onboardingProgress.id, progressId), isNull(onboardingProgress.completedAt)))
    .returning({ id: onboardingProgress.id })
  if (!claimed) throw new HttpError(409, COMPLETED_MESSAGE)
}

/** The account and company a finished progress led to, and the attribution sent with the finishing call. */
async function recordOutcome(
  tx: Executor,
  progressId: number,
  changes: Partial<typeof onboardingProgress.$inferInsert>,
) {
  await tx.update(onboardingProgress).set(changes).where(eq(onboardingProgress.id, progressId))
}

async function insertUser(tx: Executor, account: NewAccount): Promise<{ id: number; name: string }> {
  try {
    const [user] = await tx
      .insert(users)
      .values({
        name: account.name,
        email: account.email,
        phone: account.phone,
        passwordHash: account.passwordHash,
        language: account.language,
      })
      .returning({ id: users.id, name: users.name })
    if (!user) throw new Error('insert returned no user')
    return user
  } catch (error) {
    // Another registration took the contact between our check and this insert.
    const constraint = uniqueViolationOf(error)
    if (constraint?.includes('email')) throw fieldError('email', EMAIL_TAKEN_MESSAGE)
    if (constraint?.includes('phone')) throw fieldError('phone', PHONE_TAKEN_MESSAGE)
    throw error
  }
}

/**
 * The company the questionnaire describes, with the user as its owner (full rights: role presets) and a
 * position of the title they chose. The country is the one from the questionnaire, else the chosen city's, else
 * the phone's, else Russia; its usual time zone and currency come with it.
 */
async function insertCompany(
  tx: Executor,
  progress: ProgressRow,
  userId: number,
  userName: string,
): Promise<number> {
  const countryId =
    progress.countryId ??
    (progress.cityId === null ? undefined : await countryOfCity(tx, progress.cityId)) ??
    (progress.phoneCountry ? countryIdOf(progress.phoneCountry) : RUSSIA_COUNTRY_ID)
  const defaults = companyDefaultsOf(isoCodeOf(countryId) ?? 'RU')
  const [company] = await tx
    .insert(companies)
    .values({
      title: progress.companyTitle || progress.name || userName,
      type: 'salon',
      countryId,
      timezone: defaults.timezone,
      currencyShortTitle: defaults.currency,
      // The questionnaire's answers start the company's profile, which the owner edits later.
      cityId: progress.cityId,
      businessTypeId: progress.businessTypeId,
      phone: progress.phone ?? '',
    })
    .returning({ id: companies.id })
  if (!company) throw new Error('insert returned no company')
  const [position] = await tx
    .insert(positions)
    .values({ companyId: company.id, title: positionTitle(progress.positionId ?? OWNER_POSITION_ID) })
    .returning({ id: positions.id })
  await tx
    .insert(companyUsers)
    .values({ companyId: company.id, userId, userRole: 'owner', positionId: position?.id ?? null })
  // A new company can work at once: it starts on a trial licence (docs/decisions.md, "Licence page").
  await startTrialLicense(tx, company.id)
  return company.id
}

/** Stores the A/B, referral and utm data sent with the finishing call, where given. */
function attributionChanges(body: CreateCompanyBody): Partial<typeof onboardingProgress.$inferInsert> {
  const changes: Partial<typeof onboardingProgress.$inferInsert> = {}
  if (body.ab_group_percentage !== undefined) changes.abGroupPercentage = body.ab_group_percentage
  if (body.referer_full) changes.refererFull = body.referer_full
  if (body.entry_page) changes.entryPage = body.entry_page
  if (body.referer_domain) changes.refererDomain = body.referer_domain
  if (body.utm) changes.utm = body.utm
  if (body.utm_uuid) changes.utmUuid = body.utm_uuid
  return changes
}

async function signInNewUser(
  deps: FinishDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<TokenPair> {
  const session = await startSession(deps.db, deps.config, {
    userId,
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip,
  })
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId))
  if (!user) throw new Error('new user vanished')
  setRefreshCookie(reply, deps.config, session.refreshToken)
  return buildTokenPair(deps.config, {
    user,
    sessionId: session.sessionId,
    refreshToken: session.refreshToken,
  })
}

function completion(
  progress: ProgressRow,
  input: {
    tokenPair: TokenPair | null
    user: { id: number; name: string }
    companyId: number | null
    joined: number[]
  },
): OnboardingCompletion {
  return {
    token_pair: input.tokenPair,
    user: input.user,
    company: input.companyId === null ? null : { id: input.companyId },
    joined_company_ids: input.joined,
    onboarding_progress: { id: progress.id, is_completed: true },
    is_individual: progress.placeCountId === INDIVIDUAL_PLACE_COUNT_ID,
  }
}

/** The pending invites among `wanted` (all of them when not given); 422 for an id that is not among them. */
function chooseInvites(pending: PendingInvite[], wanted: number[] | undefined): PendingInvite[] {
  if (pending.length === 0) throw new HttpError(409, NO_INVITES_MESSAGE)
  if (!wanted) return pending
  const chosen = pending.filter((invite) => wanted.includes(invite.id))
  if (chosen.length !== new Set(wanted).size)
    throw fieldError('invite_ids', /*i18n*/ 'This invite is not among yours')
  return chosen
}

async function acceptAll(db: Database, invites: PendingInvite[], userId: number): Promise<number[]> {
  const joined: number[] = []
  for (const invite of invites) {
    const result = await acceptInvite(db, invite.id, userId)
    if (result.ok) joined.push(result.companyId)
  }
  return joined
}

/** POST /onboarding/continue_register/create_company/{id}: the account, its company, and a signed-in session. */
export async function registerWithCompany(
  deps: FinishDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  progressId: number,
  body: ContinueRegisterCreateCompanyBody,
): Promise<OnboardingCompletion> {
  const { progress } = await requireProgressAccess(deps.db, request, progressId, { confirmed: true })
  if (progress.userId !== null) throw new HttpError(409, ALREADY_REGISTERED_MESSAGE)
  requireQuestionnaireDone(progress)
  const account = await newAccountOf(deps.db, request, progress, body)
  const { user, companyId } = await deps.db.transaction(async (tx) => {
    await claimProgress(tx, progress.id)
    const user = await insertUser(tx, account)
    const companyId = await insertCompany(tx, progress, user.id, user.name)
    await recordOutcome(tx, progress.id, { userId: user.id, companyId, ...attributionChanges(body) })
    return { user, companyId }
  })
  const tokenPair = await signInNewUser(deps, request, reply, user.id)
  return completion(progress, { tokenPair, user, companyId, joined: [] })
}

/** POST /onboarding/continue_register/accept_invites/{id}: the account, the chosen invites, a session. */
export async function registerWithInvites(
  deps: FinishDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  progressId: number,
  body: ContinueRegisterAcceptInvitesBody,
): Promise<OnboardingCompletion> {
  const { progress } = await requireProgressAccess(deps.db, request, progressId, { confirmed: true })
  if (progress.userId !== null) throw new HttpError(409, ALREADY_REGISTERED_MESSAGE)
  // Only the confirmed contact can claim invites: the other one was merely typed.
  const invites = chooseInvites(
    await listPendingInvitesFor(deps.db, confirmedContacts(progress)),
    body.invite_ids,
  )
  const account = await newAccountOf(deps.db, request, progress, body)
  // The account and its memberships are one transaction: a failure never leaves an account that joined nothing
  // with a registration that can no longer be finished.
  const { user, joined } = await deps.db.transaction(async (tx) => {
    await claimProgress(tx, progress.id)
    const user = await insertUser(tx, account)
    await recordOutcome(tx, progress.id, { userId: user.id })
    return { user, joined: await acceptAll(tx, invites, user.id) }
  })
  const tokenPair = await signInNewUser(deps, request, reply, user.id)
  return completion(progress, { tokenPair, user, companyId: null, joined })
}

async function requireOwnedProgress(deps: FinishDeps, request: FastifyRequest, progressId: number) {
  const viewer = await requireProgressAccess(deps.db, request, progressId, { confirmed: true })
  if (!viewer.isOwner) throw new HttpError(403, FORBIDDEN_MESSAGE)
  return viewer.progress
}

/** POST /onboarding/create_company/{id}: a signed-in visitor's company from their questionnaire. */
export async function createCompanyForUser(
  deps: FinishDeps,
  request: FastifyRequest,
  progressId: number,
  body: CreateCompanyBody,
): Promise<OnboardingCompletion> {
  const progress = await requireOwnedProgress(deps, request, progressId)
  requireQuestionnaireDone(progress)
  const userId = progress.userId!
  const [user] = await deps.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new HttpError(403, FORBIDDEN_MESSAGE)
  const companyId = await deps.db.transaction(async (tx) => {
    await claimProgress(tx, progress.id)
    const companyId = await insertCompany(tx, progress, user.id, user.name)
    await recordOutcome(tx, progress.id, { ...attributionChanges(body), companyId })
    return companyId
  })
  return completion(progress, { tokenPair: null, user, companyId, joined: [] })
}

/** POST /onboarding/join/{id}: a signed-in visitor accepts the invites for their own phone and e-mail. */
export async function joinAsUser(
  deps: FinishDeps,
  request: FastifyRequest,
  progressId: number,
  body: JoinBody,
): Promise<OnboardingCompletion> {
  const progress = await requireOwnedProgress(deps, request, progressId)
  const userId = progress.userId!
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId))
  if (!user) throw new HttpError(403, FORBIDDEN_MESSAGE)
  const invites = chooseInvites(
    await listPendingInvitesFor(deps.db, { phone: user.phone, email: user.email }),
    body.invite_ids,
  )
  const joined = await deps.db.transaction(async (tx) => {
    await claimProgress(tx, progress.id)
    return acceptAll(tx, invites, userId)
  })
  return completion(progress, {
    tokenPair: null,
    user: { id: user.id, name: user.name },
    companyId: null,
    joined,
  })
}
