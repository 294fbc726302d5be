import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { readingKeys, type DataKeys } from '../auth/data-keys'
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/database'
import { confirmationCodes } from '../db/schema'
import { HttpError } from '../http/http-error'
import { confirmationCodeErrors } from '../../contract/error-codes'
import {
  CODE_DIGITS,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_WAIT_SEC,
  CODE_TTL_SEC,
  isWellFormedCode,
  MALFORMED_CODE_MESSAGE,
} from './code-rules'

/** Which code: its purpose and whose it is. A code only ever confirms the request that made it. */
export interface CodeKey {
  purpose: string
  subject: string
}

/** What every reply about a code tells the client (in data on success, in errors on failure). */
export interface CodeStatus {
  attempts_left: number
  /** Seconds until a new code may be asked for; the client's resend countdown starts here. */
  wait_period: number
  resend_available_at: string
}

export interface CodeRules {
  ttlSec?: number
  maxAttempts?: number
  resendWaitSec?: number
}

/** Six digits from a CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0')
}

/**
 * Codes are stored as an HMAC keyed by the data key and bound to purpose and subject, so a database dump
 * cannot be brute-forced offline (a million candidates) and a code cannot be replayed for another subject.
 */
function hashCode(dataKey: string, key: CodeKey, code: string): string {
  return createHmac('sha256', dataKey).update(`${key.purpose}\u0000${key.subject}\u0000${code}`).digest('hex')
}

function statusOf(row: { attemptsLeft: number; resendAvailableAt: Date }, now: Date): CodeStatus {
  return {
    attempts_left: row.attemptsLeft,
    wait_period: Math.max(0, Math.ceil((row.resendAvailableAt.getTime() - now.getTime()) / 1000)),
    resend_available_at: row.resendAvailableAt.toISOString(),
  }
}

/**
 * Issues a new code for the key, replacing any earlier one (a resend). Refused with 1001 while the previous
 * code's resend wait has not passed. The check and the replacement are one statement, so concurrent requests
 * cannot both send a code.
 */
export async function issueCode(
  db: Database,
  keys: DataKeys,
  key: CodeKey,
  rules: CodeRules = {},
  now = new Date(),
): Promise<{ code: string; status: CodeStatus }> {
  const code = generateCode()
  const values = {
    codeHash: hashCode(keys.current, key, code),
    attemptsLeft: rules.maxAttempts ?? CODE_MAX_ATTEMPTS,
    expiresAt: new Date(now.getTime() + (rules.ttlSec ?? CODE_TTL_SEC) * 1000),
    resendAvailableAt: new Date(now.getTime() + (rules.resendWaitSec ?? CODE_RESEND_WAIT_SEC) * 1000),
    consumedAt: null,
    createdAt: now,
  }
  const [row] = await db
    .insert(confirmationCodes)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target: [confirmationCodes.purpose, confirmationCodes.subject],
      set: values,
      setWhere: lte(confirmationCodes.resendAvailableAt, now),
    })
    .returning()
  if (row) return { code, status: statusOf(row, now) }

  const existing = await findCode(db, key)
  throw new HttpError(429, confirmationCodeErrors.sentTooOften.message, {
    code: confirmationCodeErrors.sentTooOften.code,
    ...(existing ? { details: { ...statusOf(existing, now) } } : {}),
  })
}

async function findCode(db: Database, key: CodeKey) {
  const [row] = await db
    .select()
    .from(confirmationCodes)
    .where(and(eq(confirmationCodes.purpose, key.purpose), eq(confirmationCodes.subject, key.subject)))
  return row
}

/** The status of the live code for a key, or null when none was sent. */
export async function codeStatus(db: Database, key: CodeKey, now = new Date()): Promise<CodeStatus | null> {
  const row = await findCode(db, key)
  return row ? statusOf(row, now) : null
}

/** The 422 of a code that is not 6 digits; it names the field, and no attempt is counted. */
export const malformedCode = () =>
  new HttpError(422, /*i18n*/ 'Validation failed', { fieldErrors: { code: [MALFORMED_CODE_MESSAGE] } })

/**
 * Checks a code and consumes it. Each check first takes one attempt in a single conditional UPDATE, so that
 * any number of parallel guesses are evaluated no more often than the attempt limit allows; a right code is
 * then consumed by another conditional UPDATE, so it works exactly once.
 * Wrong code: 422 with errors.code 2001 and attempts_left; no attempts left (or the last one used): 429 with
 * 2002; no live code (never sent, expired or used): 422 with 2001.
 * `beforeCheck` runs once the attempt is taken and before the code is compared: a limit wider than one code
 * (per account, per contact) reserves its hit there and throws to refuse the check, so only guesses that would
 * really be compared count against it.
 */
export async function verifyCode(
  db: Database,
  keys: DataKeys,
  key: CodeKey,
  code: string,
  now = new Date(),
  beforeCheck?: () => Promise<void>,
): Promise<void> {
  // Text that cannot be a code (two digits, letters) is refused before an attempt is taken: a typing slip
  // must not use up one of the few guesses, and it tells an attacker nothing.
  if (!isWellFormedCode(code)) throw malformedCode()
  const [attempt] = await db
    .update(confirmationCodes)
    .set({ attemptsLeft: sql`${confirmationCodes.attemptsLeft} - 1` })
    .where(
      and(
        eq(confirmationCodes.purpose, key.purpose),
        eq(confirmationCodes.subject, key.subject),
        isNull(confirmationCodes.consumedAt),
        gt(confirmationCodes.expiresAt, now),
        gt(confirmationCodes.attemptsLeft, 0),
      ),
    )
    .returning()

  if (!attempt) {
    const existing = await findCode(db, key)
    const exhausted =
      existing && existing.consumedAt === null && existing.expiresAt > now && existing.attemptsLeft <= 0
    const error = exhausted ? confirmationCodeErrors.attemptsExhausted : confirmationCodeErrors.invalid
    throw new HttpError(exhausted ? 429 : 422, error.message, {
      code: error.code,
      details: existing
        ? { ...statusOf(existing, now), attempts_left: exhausted ? 0 : existing.attemptsLeft }
        : {},
    })
  }

  await beforeCheck?.()
  const expected = Buffer.from(attempt.codeHash, 'hex')
  // A code issued just before a key rotation is still checked against the previous key.
  const matches = readingKeys(keys).some((dataKey) =>
    timingSafeEqual(expected, Buffer.from(hashCode(dataKey, key, code), 'hex')),
  )
  if (!matches) {
    const error =
      attempt.attemptsLeft > 0 ? confirmationCodeErrors.invalid : confirmationCodeErrors.attemptsExhausted
    throw new HttpError(attempt.attemptsLeft > 0 ? 422 : 429, error.message, {
      code: error.code,
      details: { ...statusOf(attempt, now) },
    })
  }

  const [consumed] = await db
    .update(confirmationCodes)
    .set({ consumedAt: now })
    .where(and(eq(confirmationCodes.id, attempt.id), isNull(confirmationCodes.consumedAt)))
    .returning({ id: confirmationCodes.id })
  if (!consumed) {
    throw new HttpError(422, confirmationCodeErrors.invalid.message, {
      code: confirmationCodeErrors.invalid.code,
    })
  }
}
