import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import {
  firstStepBodySchema,
  type FirstStepBody,
  type OnboardingStatus,
} from '../../contract/onboarding/schemas'
import { ErrorCode } from '../../contract/error-codes'
import { CODE_MAX_ATTEMPTS, CODE_RESEND_WAIT_SEC } from '../codes/code-rules'
import type { Config } from '../config'
import { onboardingProgress, onboardingTokens } from '../db/schema'
import { HttpError } from '../http/http-error'
import { validate } from '../http/validate'
import { maskEmail } from '../phone/mask-email'
import { maskPhone, normalisePhone } from '../phone/phone-number'
import { recaptchaRequiredError } from '../recaptcha/recaptcha-required'
import type { RecaptchaVerifier } from '../recaptcha/recaptcha-verifier'
import { countInWindow, recordHit } from '../rate-limit/fixed-window-counter'
import { availableChannels, sendProgressCode, type OnboardingDeps } from './code-delivery'
import { findProgress, type ProgressRow } from './progress-access'
import { hashOnboardingToken, newOnboardingToken } from './progress-cookie'
import { buildProgressStatus } from './progress-status'
import { uniqueViolationOf } from './unique-violation'

export interface FirstStepDeps extends OnboardingDeps {
  config: OnboardingDeps['config'] &
    Pick<Config, 'ONBOARDING_RECAPTCHA_AFTER' | 'ONBOARDING_RECAPTCHA_WINDOW_SEC'>
  recaptcha: RecaptchaVerifier
}

export const PHONE_OR_EMAIL_MESSAGE = /*i18n*/ 'Enter a phone number or an e-mail'
export const INVALID_PHONE_MESSAGE = /*i18n*/ 'Enter a valid phone number with its country code'

/** Random 9-digit ids: the progress id travels in URLs and GET /onboarding/progress/{id} needs no sign-in. */
const newProgressId = () => randomInt(100_000_000, 1_000_000_000)

interface FirstStepResult {
  status: OnboardingStatus
  /** The device's new onboarding token, for the cookie. */
  token: string
}

/**
 * The first step's body, checked with every problem at once: the phone's own check (its country's rules, on the
 * server only) joins the schema's answer, which would otherwise name the e-mail on one submission and the phone
 * on the next.
 */
export function validFirstStepBody(input: unknown): FirstStepBody {
  try {
    return validate(firstStepBodySchema, input)
  } catch (error) {
    const phone = (input as { phone?: unknown } | null)?.phone
    if (
      error instanceof HttpError &&
      error.fieldErrors &&
      !error.fieldErrors.phone &&
      typeof phone === 'string' &&
      phone.trim() !== '' &&
      !normalisePhone(phone)
    ) {
      throw new HttpError(error.statusCode, error.message, {
        fieldErrors: { ...error.fieldErrors, phone: [INVALID_PHONE_MESSAGE] },
      })
    }
    throw error
  }
}

/**
 * POST /onboarding/first: creates the progress of a phone (or e-mail, or signed-in user), or resumes the
 * unfinished one, and sends the first code by voice call (or e-mail when no phone was given).
 *
 * The reply is the same whether or not an account already uses the contact (its owner gets a notice instead
 * of the code), and the same when the honeypot field is filled, in which case nothing is stored or sent.
 */
export async function firstStep(
  deps: FirstStepDeps,
  request: FastifyRequest,
  body: FirstStepBody,
): Promise<FirstStepResult> {
  const signedIn = request.auth
  const phone = body.phone ? normalisePhone(body.phone) : undefined
  if (body.phone && !phone)
    throw new HttpError(422, /*i18n*/ 'Validation failed', {
      fieldErrors: { phone: [INVALID_PHONE_MESSAGE] },
    })
  const email = body.email ? body.email.toLowerCase() : null
  if (!signedIn && !phone && !email) {
    throw new HttpError(422, /*i18n*/ 'Validation failed', {
      fieldErrors: { phone: [PHONE_OR_EMAIL_MESSAGE] },
    })
  }
  const contactKey = signedIn ? `user:${signedIn.userId}` : phone ? `phone:${phone.digits}` : `email:${email}`

  const needRecaptchaNext = await checkRecaptcha(deps, request, body, contactKey)
  const token = newOnboardingToken()

  if (body.website) {
    return {
      token,
      status: decoyStatus({
        phone: phone?.digits ?? null,
        email,
        version: body.version,
        needRecaptcha: needRecaptchaNext,
      }),
    }
  }

  const window = deps.config.ONBOARDING_RECAPTCHA_WINDOW_SEC
  await Promise.all([
    recordHit(deps.db, `onboarding:first:ip:${request.ip}`, window),
    recordHit(deps.db, `onboarding:first:contact:${contactKey}`, window),
  ])

  let progress = await upsertProgress(deps, {
    contactKey,
    version: body.version,
    phone: phone?.digits ?? null,
    phoneCountry: phone?.country ?? null,
    email,
    userId: signedIn?.userId ?? null,
    abGroupPercentage: body.ab_group_percentage ?? null,
    refererFull: body.referer_full ?? null,
    entryPage: body.entry_page ?? null,
    refererDomain: body.referer_domain ?? null,
    formCompleteSpeed: body.form_complete_speed ?? null,
    utm: body.utm ?? null,
    utmUuid: body.utm_uuid ?? null,
    languages: body.languages,
    languageId: body.language_id ?? null,
  })
  await deps.db.insert(onboardingTokens).values({
    progressId: progress.id,
    tokenHash: hashOnboardingToken(token),
    // A signed-in visitor proved who they are by signing in; nobody else skips the code.
    confirmedAt: signedIn ? new Date() : null,
  })

  if (!signedIn) {
    try {
      await sendProgressCode(deps, progress, progress.phone ? 'call' : 'email', { firstStep: true })
    } catch (error) {
      // A code sent less than a minute ago (another tab, a double click) is still valid: the reply shows
      // how long until a new one may be asked for instead of failing the step.
      if (!(error instanceof HttpError && error.code === ErrorCode.tokenExpiredOrRateLimited)) throw error
    }
    progress = (await findProgress(deps.db, progress.id)) ?? progress
  }

  const status = await buildProgressStatus(
    deps.db,
    { progress, isOwner: Boolean(signedIn), hasToken: true, isConfirmed: Boolean(signedIn) },
    { needRecaptcha: needRecaptchaNext },
  )
  return { token, status }
}

/**
 * More than ONBOARDING_RECAPTCHA_AFTER first steps from one address or for one contact within the window
 * need a reCAPTCHA token: without a valid one the step is refused with 422 on google_recaptcha_v2_token.
 * Answers whether the next first step will need one, which the reply passes on as need_recaptcha.
 */
async function checkRecaptcha(
  deps: FirstStepDeps,
  request: FastifyRequest,
  body: FirstStepBody,
  contactKey: string,
): Promise<boolean> {
  const { ONBOARDING_RECAPTCHA_AFTER: limit, ONBOARDING_RECAPTCHA_WINDOW_SEC: window } = deps.config
  const counts = await Promise.all([
    countInWindow(deps.db, `onboarding:first:ip:${request.ip}`, window),
    countInWindow(deps.db, `onboarding:first:contact:${contactKey}`, window),
  ])
  const made = Math.max(...counts)
  if (made >= limit && !(await deps.recaptcha.verify(body.google_recaptcha_v2_token, request.ip))) {
    throw recaptchaRequiredError()
  }
  return made + 1 >= limit
}

type NewProgress = Omit<typeof onboardingProgress.$inferInsert, 'id'>

/**
 * Creates the progress of the contact, or returns its unfinished one: one statement against the partial
 * unique index, so any number of parallel first steps for a contact end in one progress. A returning visitor
 * keeps the answers, referral data and route table they started with; a contact missing so far is added.
 */
async function upsertProgress(deps: OnboardingDeps, values: NewProgress): Promise<ProgressRow> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await deps.db
        .insert(onboardingProgress)
        .values({ ...values, id: newProgressId() })
        .onConflictDoUpdate({
          target: onboardingProgress.contactKey,
          targetWhere: sql`${onboardingProgress.completedAt} is null`,
          set: {
            email: sql`coalesce(${onboardingProgress.email}, excluded.email)`,
            phone: sql`coalesce(${onboardingProgress.phone}, excluded.phone)`,
            phoneCountry: sql`coalesce(${onboardingProgress.phoneCountry}, excluded.phone_country)`,
            updatedAt: new Date(),
          },
        })
        .returning()
      if (!row) throw new Error('upsert returned no row')
      return row
    } catch (error) {
      // Two random ids colliding is rare; another id settles it.
      if (uniqueViolationOf(error) === 'onboarding_progress_pkey' && attempt < 5) continue
      throw error
    }
  }
}

/**
 * What a visitor who filled the honeypot sees: a reply shaped and valued like a real first step (a random
 * progress id, the masked contacts, a running resend wait) for a progress that does not exist.
 */
function decoyStatus(input: {
  phone: string | null
  email: string | null
  version: 3 | 4
  needRecaptcha: boolean
}): OnboardingStatus {
  const fake = {
    phone: input.phone,
    phoneCountry: null,
    email: input.email,
    callCount: input.phone ? 1 : 0,
  }
  return {
    status: input.phone ? 'user_not_approved_by_phone' : 'user_not_approved_by_email',
    onboarding_progress: {
      id: newProgressId(),
      is_completed: false,
      last_completed_step: null,
      email: input.email ? maskEmail(input.email) : null,
      company_title: null,
      promo_code: null,
      position: null,
      place_count_id: null,
      staff_count_id: null,
      is_provide_services_by_myself: null,
      referral_source_id: null,
      purposes: [],
      country_id: null,
      city_id: null,
      business_type_id: null,
      phone: input.phone ? maskPhone(input.phone) : null,
      version: input.version,
      name: null,
      business_group_id: null,
      custom_purpose: null,
      fifth_step_purposes: [],
      fifth_step_custom_purpose: null,
    },
    confirmation_code_send_channel: input.phone ? 'call' : 'email',
    user: null,
    company: null,
    time_to_call: CODE_RESEND_WAIT_SEC,
    need_recaptcha: input.needRecaptcha,
    call_count: fake.callCount,
    available_channels: availableChannels(fake),
    attempts_left: CODE_MAX_ATTEMPTS,
    has_pending_invites: false,
  }
}
