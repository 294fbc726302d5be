import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { confirmationCodeErrors } from '../../contract/error-codes'
import { isLanguage, type Language } from '../../contract/ui-languages'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { users } from '../db/schema'
import { sendInBackground } from '../delivery/background-send'
import type { Delivery } from '../delivery/message'
import { HttpError } from '../http/http-error'
import { translate } from '../i18n/server-messages'
import { releaseHit, reserveHit, secondsUntilWindowEnds } from '../rate-limit/fixed-window-counter'
import { recordSecurityEvent } from '../security-log/record-security-event'

/**
 * The second factor's limits per account, across its confirmation sessions: each sign-in with the right
 * password opens a new session with a new code and its own attempts, so only a count per account bounds how
 * many codes someone who knows the password can try. Both counters reserve before the work (reserveHit), so
 * parallel requests cannot get past them.
 */
export interface AccountLimitDeps {
  db: Database
  config: Pick<
    Config,
    'SECOND_FACTOR_GUESSES_MAX' | 'SECOND_FACTOR_SESSIONS_MAX' | 'SECOND_FACTOR_WINDOW_SEC'
  >
  delivery: Delivery
  log: FastifyBaseLogger
  /** The language of the request: the notice's language when the owner has none of their own. */
  language?: Language
}

/** The subject of the e-mail that tells the owner a limit of their account was hit. */
export const SECOND_FACTOR_NOTICE_SUBJECT = /*i18n*/ 'Someone is trying to sign in to your account'

const sessionsKey = (userId: number) => `2fa:sessions:user:${userId}`
const checksKey = (userId: number) => `2fa:checks:user:${userId}`
const noticeKey = (userId: number) => `2fa:notice:user:${userId}`

type Limit = 'sessions' | 'codes'

/** Reserves one confirmation session (one code sent) of the account; 429 with Retry-After past the limit. */
export async function reserveConfirmationSession(deps: AccountLimitDeps, userId: number): Promise<void> {
  const { SECOND_FACTOR_WINDOW_SEC: windowSec, SECOND_FACTOR_SESSIONS_MAX: max } = deps.config
  if ((await reserveHit(deps.db, sessionsKey(userId), windowSec, max)) === null) {
    return refuse(deps, userId, sessionsKey(userId), 'sessions')
  }
}

/**
 * Reserves the check of one code of the account; 429 with Retry-After past the limit, before the code is
 * compared, so that even the right code tells nothing until the window ends.
 */
export async function reserveCodeCheck(deps: AccountLimitDeps, userId: number): Promise<void> {
  const { SECOND_FACTOR_WINDOW_SEC: windowSec, SECOND_FACTOR_GUESSES_MAX: max } = deps.config
  if ((await reserveHit(deps.db, checksKey(userId), windowSec, max)) === null) {
    return refuse(deps, userId, checksKey(userId), 'codes')
  }
}

/** Gives back the check of a right code: only wrong codes count against the account. */
export async function releaseCodeCheck(deps: Pick<AccountLimitDeps, 'db'>, userId: number): Promise<void> {
  await releaseHit(deps.db, checksKey(userId))
}

async function refuse(deps: AccountLimitDeps, userId: number, key: string, limit: Limit): Promise<never> {
  const retryAfterSec = await secondsUntilWindowEnds(deps.db, key, deps.config.SECOND_FACTOR_WINDOW_SEC)
  await noticeOwnerOnce(deps, userId, limit, retryAfterSec)
  throw new HttpError(429, confirmationCodeErrors.sentTooOften.message, {
    code: confirmationCodeErrors.sentTooOften.code,
    retryAfterSec,
  })
}

/**
 * Tells the owner, once per window whichever limit was hit, that someone who knows their password is trying
 * to get past the second factor. The message leaves after the reply; a failure to send is logged.
 */
async function noticeOwnerOnce(deps: AccountLimitDeps, userId: number, limit: Limit, retryAfterSec: number) {
  const windowSec = deps.config.SECOND_FACTOR_WINDOW_SEC
  if ((await reserveHit(deps.db, noticeKey(userId), windowSec, 1)) === null) return
  await recordSecurityEvent(deps.db, {
    action: 'second_factor_limit',
    targetUserId: userId,
    details: { limit, retry_after_sec: retryAfterSec },
  })
  deps.log.warn({ userId, limit, retryAfterSec }, 'second-factor limit of an account reached; owner notified')
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId))
  const recipient = user?.email ?? user?.phone
  if (!recipient) return
  const minutes = Math.max(1, Math.ceil(retryAfterSec / 60))
  // Written in the owner's language (the one they last signed in with), not the one of whoever is trying.
  const language = isLanguage(user?.language) ? user.language : (deps.language ?? 'en')
  const text =
    limit === 'codes'
      ? /*i18n*/ 'Someone signed in to your account with your password and then entered too many wrong sign-in codes. Sign-in to your account is paused for {minutes} minutes. If this was not you, change your password now.'
      : /*i18n*/ 'Someone signed in to your account with your password and then asked for too many sign-in codes. Sign-in to your account is paused for {minutes} minutes. If this was not you, change your password now.'
  sendInBackground(
    deps.delivery,
    {
      channel: user?.email ? 'email' : 'sms',
      recipient,
      subject: translate(language, SECOND_FACTOR_NOTICE_SUBJECT),
      text: translate(language, text, { minutes }),
    },
    deps.log,
  )
}
