import { randomUUID } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { LoginConfirmationSession } from '../../contract/auth/schemas'
import type { Language } from '../../contract/ui-languages'
import { translate } from '../i18n/server-messages'
import { maskContact } from '../auth/mask-contact'
import { confirmationCodeErrors } from '../../contract/error-codes'
import { CODE_MAX_ATTEMPTS, CODE_RESEND_WAIT_SEC, CODE_TTL_SEC, isWellFormedCode } from '../codes/code-rules'
import { issueCode, malformedCode, verifyCode } from '../codes/confirmation-codes'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { loginConfirmationSessions, userSecurity, users } from '../db/schema'
import { HttpError } from '../http/http-error'
import { recordSecurityEvent } from '../security-log/record-security-event'
import {
  releaseCodeCheck,
  reserveCodeCheck,
  reserveConfirmationSession,
  type AccountLimitDeps,
} from './account-limits'
import { looksLikeRecoveryCode, useRecoveryCode } from './recovery-codes'
import { matchingTotpStep } from './totp'
import { unseal } from '../auth/secret-box'

/** What the confirmation functions work with; a route passes its app and its request's log. */
export interface ConfirmationDeps extends AccountLimitDeps {
  config: Pick<Config, 'DATA_KEYS'> & AccountLimitDeps['config']
  /** The client address of the request, for the security log. */
  ip?: string
  /** The language of the request: what the sign-in code's message is written in. */
  language: Language
}

type SessionRow = typeof loginConfirmationSessions.$inferSelect
type Flow = SessionRow['flow']

/** The code purpose of second-factor e-mail and SMS codes; their subject is the session uuid. */
export const LOGIN_2FA_PURPOSE = 'login_2fa'

/** The message of a session that is over (used up, replaced, expired or unknown): sign in again. */
export const SESSION_ENDED_MESSAGE = /*i18n*/ 'The sign-in confirmation has ended. Please sign in again.'

const sessionEnded = () => new HttpError(410, SESSION_ENDED_MESSAGE)

type Transport = LoginConfirmationSession['transport']['type']

function toReply(
  row: SessionRow,
  transport: Transport,
  recipient: string | null,
  now: Date,
): LoginConfirmationSession {
  return {
    uuid: row.id,
    flow: row.flow,
    transport: { type: transport, recipient: recipient ? maskContact(recipient) : null },
    refresh_ttl_sec: Math.max(0, Math.ceil((row.refreshAvailableAt.getTime() - now.getTime()) / 1000)),
    attempts_left: row.attemptsLeft,
  }
}

/**
 * Opens a confirmation session after the first factor. For e-mail and SMS it sends a code right away; for
 * the app (and its set-up) there is nothing to send. Sessions per account are limited (account-limits.ts):
 * past the limit, 429 with Retry-After.
 */
export async function startConfirmation(
  deps: ConfirmationDeps,
  input: NewSession,
  now = new Date(),
): Promise<LoginConfirmationSession> {
  await reserveConfirmationSession(deps, input.userId)
  return openConfirmation(deps, input, now)
}

interface NewSession {
  userId: number
  flow: Flow
  method: 'email' | 'sms' | 'totp'
  recipient: string | null
  redirectUrl?: string | null
  switchTokenId?: number | null
  pendingTotpSecretSealed?: string | null
  ip: string | null
  userAgent: string | null
}

/** Opens the session and sends its code; the caller has reserved it against the account's limit. */
async function openConfirmation(
  deps: ConfirmationDeps,
  input: NewSession,
  now: Date,
): Promise<LoginConfirmationSession> {
  const [row] = await deps.db
    .insert(loginConfirmationSessions)
    .values({
      id: randomUUID(),
      userId: input.userId,
      flow: input.flow,
      method: input.method === 'totp' ? 'totp' : 'email',
      redirectUrl: input.redirectUrl ?? null,
      switchTokenId: input.switchTokenId ?? null,
      pendingTotpSecretSealed: input.pendingTotpSecretSealed ?? null,
      attemptsLeft: CODE_MAX_ATTEMPTS,
      expiresAt: new Date(now.getTime() + CODE_TTL_SEC * 1000),
      refreshAvailableAt: new Date(now.getTime() + CODE_RESEND_WAIT_SEC * 1000),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      createdAt: now,
    })
    .returning()
  const session = row!
  if (input.method !== 'totp' && input.recipient) {
    const { code } = await issueCode(
      deps.db,
      deps.config.DATA_KEYS,
      { purpose: LOGIN_2FA_PURPOSE, subject: session.id },
      {},
      now,
    )
    await deps.delivery.send(
      {
        channel: input.method,
        recipient: input.recipient,
        subject: translate(deps.language, /*i18n*/ 'Your sign-in code'),
        text: translate(
          deps.language,
          /*i18n*/ 'Your sign-in code is {code}. It is valid for 10 minutes. If you did not try to sign in, change your password.',
          { code },
        ),
      },
      deps.log,
    )
  }
  return toReply(session, input.method, input.method === 'totp' ? null : input.recipient, now)
}

async function liveSession(db: Database, uuid: string, now: Date): Promise<SessionRow> {
  const [row] = await db
    .select()
    .from(loginConfirmationSessions)
    .where(
      and(
        eq(loginConfirmationSessions.id, uuid),
        isNull(loginConfirmationSessions.endedAt),
        gt(loginConfirmationSessions.expiresAt, now),
      ),
    )
  if (!row) throw sessionEnded()
  return row
}

/** Ends a session once; false when another request ended it first. */
async function endConfirmation(db: Database, id: string, now: Date): Promise<boolean> {
  const [ended] = await db
    .update(loginConfirmationSessions)
    .set({ endedAt: now })
    .where(and(eq(loginConfirmationSessions.id, id), isNull(loginConfirmationSessions.endedAt)))
    .returning({ id: loginConfirmationSessions.id })
  return ended !== undefined
}

async function recipientOf(db: Database, row: SessionRow): Promise<string | null> {
  if (row.method === 'totp') return null
  const [user] = await db.select().from(users).where(eq(users.id, row.userId))
  return user?.email ?? user?.phone ?? null
}

/**
 * Replaces a session by a new one with a new code (POST user/2fa/session/refresh). Refused with 1001 until
 * its refresh_ttl_sec has run out; the old session stops working at once.
 */
export async function refreshConfirmation(
  deps: ConfirmationDeps,
  uuid: string,
  now = new Date(),
): Promise<LoginConfirmationSession> {
  const row = await liveSession(deps.db, uuid, now)
  if (row.refreshAvailableAt > now) {
    const waitPeriod = Math.ceil((row.refreshAvailableAt.getTime() - now.getTime()) / 1000)
    throw new HttpError(429, confirmationCodeErrors.sentTooOften.message, {
      code: confirmationCodeErrors.sentTooOften.code,
      details: { wait_period: waitPeriod, attempts_left: row.attemptsLeft },
    })
  }
  // Reserved before the old session ends: refused by the account's limit, the old session keeps working.
  await reserveConfirmationSession(deps, row.userId)
  if (!(await endConfirmation(deps.db, row.id, now))) throw sessionEnded()
  const recipient = await recipientOf(deps.db, row)
  return openConfirmation(
    deps,
    {
      userId: row.userId,
      flow: row.flow,
      method: row.method === 'totp' ? 'totp' : recipient?.includes('@') ? 'email' : 'sms',
      recipient,
      redirectUrl: row.redirectUrl,
      switchTokenId: row.switchTokenId,
      pendingTotpSecretSealed: row.pendingTotpSecretSealed,
      ip: row.ip,
      userAgent: row.userAgent,
    },
    now,
  )
}

/** Takes one attempt of an app session in one conditional UPDATE: parallel guesses never exceed the limit. */
async function takeAttempt(db: Database, id: string, now: Date): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(loginConfirmationSessions)
    .set({ attemptsLeft: sql`${loginConfirmationSessions.attemptsLeft} - 1` })
    .where(
      and(
        eq(loginConfirmationSessions.id, id),
        isNull(loginConfirmationSessions.endedAt),
        gt(loginConfirmationSessions.expiresAt, now),
        gt(loginConfirmationSessions.attemptsLeft, 0),
      ),
    )
    .returning()
  // None taken: either no attempt is left, or the session ended meanwhile (a confirmation at the same moment
  // finished it, or it expired), which is a 410 like any ended session, not a lock-out.
  if (!row) await liveSession(db, id, now)
  return row
}

/** A wrong code: 2001 with the attempts left, or 2002 (and the session ends) when none are left. */
async function wrongCode(db: Database, row: SessionRow, now: Date): Promise<never> {
  if (row.attemptsLeft > 0) {
    throw new HttpError(422, confirmationCodeErrors.invalid.message, {
      code: confirmationCodeErrors.invalid.code,
      details: { attempts_left: row.attemptsLeft },
    })
  }
  await endConfirmation(db, row.id, now)
  throw new HttpError(429, confirmationCodeErrors.attemptsExhausted.message, {
    code: confirmationCodeErrors.attemptsExhausted.code,
    details: { attempts_left: 0 },
  })
}

/** Accepts a TOTP code of a stored secret once: the step must be later than the last one accepted. */
async function acceptTotpStep(db: Database, userId: number, step: number): Promise<boolean> {
  const [accepted] = await db
    .update(userSecurity)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(userSecurity.userId, userId),
        sql`(${userSecurity.totpLastStep} is null or ${userSecurity.totpLastStep} < ${step})`,
      ),
    )
    .returning({ userId: userSecurity.userId })
  return accepted !== undefined
}

/**
 * Checks the second factor of a 'login' or 'switch_user' session and ends it on success. E-mail and SMS codes
 * go through the confirmation codes (their attempts are counted there); the app takes a TOTP code or a
 * recovery code, counted on the session. At 0 attempts the session ends (2002). Every check also counts
 * against the account across its sessions (account-limits.ts): past that limit, 429 with Retry-After.
 */
export async function verifyConfirmation(
  deps: ConfirmationDeps,
  uuid: string,
  code: string,
  expectedFlow: 'login' | 'switch_user',
  expectedUserId?: number,
  now = new Date(),
): Promise<SessionRow> {
  const row = await liveSession(deps.db, uuid, now)
  if (row.flow !== expectedFlow) throw sessionEnded()
  if (expectedUserId !== undefined && row.userId !== expectedUserId) throw sessionEnded()
  const logged = {
    targetUserId: row.userId,
    ip: deps.ip ?? null,
    details: { factor: row.method, flow: row.flow },
  }
  try {
    await checkSecondFactor(deps, row, code, now)
  } catch (error) {
    if (error instanceof HttpError && error.statusCode !== 410) {
      await recordSecurityEvent(deps.db, { action: 'second_factor_refused', ...logged })
    }
    throw error
  }
  await recordSecurityEvent(deps.db, { action: 'second_factor_accepted', ...logged })
  return row
}

/** Checks the code of a live session and ends the session when it is right; throws when it is not. */
async function checkSecondFactor(
  deps: ConfirmationDeps,
  row: SessionRow,
  code: string,
  now: Date,
): Promise<void> {
  if (row.method === 'email') {
    try {
      await verifyCode(
        deps.db,
        deps.config.DATA_KEYS,
        { purpose: LOGIN_2FA_PURPOSE, subject: row.id },
        code,
        now,
        () => reserveCodeCheck(deps, row.userId),
      )
    } catch (error) {
      if (error instanceof HttpError && error.code === confirmationCodeErrors.attemptsExhausted.code) {
        await endConfirmation(deps.db, row.id, now)
      }
      throw error
    }
  } else {
    // Neither an app code nor a recovery code: refused without taking an attempt.
    if (!isWellFormedCode(code) && !looksLikeRecoveryCode(code)) throw malformedCode()
    const attempt = await takeAttempt(deps.db, row.id, now)
    if (!attempt) return wrongCode(deps.db, { ...row, attemptsLeft: 0 }, now)
    await reserveCodeCheck(deps, row.userId)
    const [security] = await deps.db.select().from(userSecurity).where(eq(userSecurity.userId, row.userId))
    const secret = security?.totpSecretSealed
      ? unseal(deps.config.DATA_KEYS, security.totpSecretSealed)
      : null
    const step = secret ? matchingTotpStep(secret, code, now.getTime()) : null
    const accepted =
      step !== null
        ? await acceptTotpStep(deps.db, row.userId, step)
        : await useRecoveryCode(deps.db, deps.config.DATA_KEYS, row.userId, code)
    if (!accepted) return wrongCode(deps.db, attempt, now)
  }

  // A right code is not a guess: it does not count against the account's limit.
  await releaseCodeCheck(deps, row.userId)
  if (!(await endConfirmation(deps.db, row.id, now))) throw sessionEnded()
}

/** The live set-up session (flow totp_setup) a set-up call names. */
export async function liveSetupSession(db: Database, uuid: string, now = new Date()): Promise<SessionRow> {
  const row = await liveSession(db, uuid, now)
  if (row.flow !== 'totp_setup') throw sessionEnded()
  return row
}

/** Stores the secret being set up on its session once; a second call keeps the first secret. */
export async function storePendingSecret(db: Database, id: string, sealed: string): Promise<void> {
  await db
    .update(loginConfirmationSessions)
    .set({ pendingTotpSecretSealed: sealed })
    .where(
      and(eq(loginConfirmationSessions.id, id), isNull(loginConfirmationSessions.pendingTotpSecretSealed)),
    )
}

/**
 * Confirms the app set-up with one code of the pending secret: the secret becomes the user's, the code's step
 * counts as used, the session ends, and `complete` (the recovery codes and the new session the reply carries)
 * runs, all in one transaction: if any of it fails, nothing of it remains and the user can try again with the
 * same session, instead of holding a secret whose recovery codes were never shown. Wrong codes count against
 * the session's attempts, outside that transaction, so that a failure never gives a guess back.
 */
export async function confirmTotpSetup<T>(
  deps: ConfirmationDeps,
  uuid: string,
  code: string,
  complete: (tx: Database, row: SessionRow) => Promise<T>,
  now = new Date(),
): Promise<T> {
  const row = await liveSetupSession(deps.db, uuid, now)
  const attempt = await takeAttempt(deps.db, row.id, now)
  if (!attempt) return wrongCode(deps.db, { ...row, attemptsLeft: 0 }, now)
  const secret = attempt.pendingTotpSecretSealed
    ? unseal(deps.config.DATA_KEYS, attempt.pendingTotpSecretSealed)
    : null
  const step = secret ? matchingTotpStep(secret, code, now.getTime()) : null
  if (step === null) return wrongCode(deps.db, attempt, now)
  return deps.db.transaction(async (tx) => {
    // Conditional: of two confirmations at once, the second waits for the first and then finds the session ended.
    if (!(await endConfirmation(tx, row.id, now))) throw sessionEnded()
    const security = {
      twoFactor: 'totp' as const,
      totpSecretSealed: attempt.pendingTotpSecretSealed,
      totpLastStep: step,
      updatedAt: now,
    }
    await tx
      .insert(userSecurity)
      .values({ userId: row.userId, ...security })
      .onConflictDoUpdate({ target: userSecurity.userId, set: security })
    return complete(tx, row)
  })
}
