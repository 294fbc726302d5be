import { and, eq, gt, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Language } from '../../contract/ui-languages'
import { translate } from '../i18n/server-messages'
import type { ResetCodeSent } from '../../contract/auth/reset-schemas'
import { parseLogin } from '../auth/login-identifier'
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaque-tokens'
import { hashPassword } from '../auth/passwords'
import { endSessionsOfUser } from '../auth/sessions'
import { issueCode, verifyCode } from '../codes/confirmation-codes'
import { confirmationCodeErrors } from '../../contract/error-codes'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { passwordResetTokens, users } from '../db/schema'
import { sendInBackground } from '../delivery/background-send'
import type { Delivery } from '../delivery/message'
import { HttpError } from '../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../http/validate'
import {
  releaseCheckForContact,
  releaseCodeToContact,
  reserveCheckForContact,
  reserveCodeToContact,
  type ResetCapDeps,
} from './reset-caps'

export interface ResetDeps extends ResetCapDeps {
  config: Pick<Config, 'DATA_KEYS'> & ResetCapDeps['config']
  delivery: Delivery
  log: FastifyBaseLogger
  /** The language of the request: what the reset code's message is written in. */
  language: Language
}

export const PASSWORD_RESET_PURPOSE = 'password_reset'
/** How long the token from create_token lets its holder set a new password. */
export const RESET_TOKEN_TTL_SEC = 15 * 60
export const RESET_TOKEN_INVALID_MESSAGE = /*i18n*/ 'This reset has expired. Please ask for a new code.'

/** The contact as stored (lower-case e-mail, phone digits); 422 on user_contact_info when it is neither. */
export function normaliseContact(contact: string): { kind: 'email' | 'phone'; value: string } {
  const parsed = parseLogin(contact)
  if (parsed.kind === 'email' && /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(parsed.email)) {
    return { kind: 'email', value: parsed.email }
  }
  if (parsed.kind === 'phone') return { kind: 'phone', value: parsed.phone }
  throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
    fieldErrors: { user_contact_info: [/*i18n*/ 'Enter a valid e-mail or phone'] },
  })
}

/**
 * normaliseContact, and for a number written with the trunk prefix 8 ("8 900 123-45-67") the +7 number it stands
 * for when an account has that one and none has the digits as written (as sign-in reads it, login-identifier.ts).
 * Every step of a reset reads its contact so, so the code, the token and the new password meet one contact.
 */
async function resolveContact(
  db: Database,
  text: string,
): Promise<{ kind: 'email' | 'phone'; value: string }> {
  const contact = normaliseContact(text)
  const parsed = parseLogin(text)
  if (contact.kind !== 'phone' || parsed.kind !== 'phone' || parsed.national === undefined) return contact
  if (await findUserByContact(db, contact)) return contact
  const national = { kind: 'phone' as const, value: parsed.national }
  return (await findUserByContact(db, national)) ? national : contact
}

async function findUserByContact(db: Database, contact: { kind: 'email' | 'phone'; value: string }) {
  const [user] = await db
    .select()
    .from(users)
    .where(contact.kind === 'email' ? eq(users.email, contact.value) : eq(users.phone, contact.value))
  return user
}

/**
 * Sends a reset code (POST /auth/send_code, POST /auth/reset). A code is issued for every well-formed contact,
 * registered or not, and only sent when an account has that contact: the reply, its resend wait, its caps and
 * the later code checks are then the same for both, so nothing tells an outsider whether the account exists.
 * The message leaves after the reply (sendInBackground): neither the time a send takes nor its failure shows.
 */
export async function sendResetCode(
  deps: ResetDeps,
  input: { contact: string; forceSms: boolean },
): Promise<ResetCodeSent> {
  const contact = await resolveContact(deps.db, input.contact)
  const channel = contact.kind === 'email' ? 'email' : 'sms'
  await reserveCodeToContact(deps, contact.value)
  let issued: Awaited<ReturnType<typeof issueCode>>
  try {
    issued = await issueCode(deps.db, deps.config.DATA_KEYS, {
      purpose: PASSWORD_RESET_PURPOSE,
      subject: contact.value,
    })
  } catch (error) {
    // Refused within the resend wait: no code went out, so none counts.
    await releaseCodeToContact(deps, contact.value)
    throw error
  }
  const user = await findUserByContact(deps.db, contact)
  if (user) {
    sendInBackground(
      deps.delivery,
      {
        channel,
        recipient: contact.value,
        subject: translate(deps.language, /*i18n*/ 'Password reset code'),
        text: translate(
          deps.language,
          /*i18n*/ 'Your password reset code is {code}. It is valid for 10 minutes. If you did not ask for it, ignore this message.',
          { code: issued.code },
        ),
      },
      deps.log,
    )
  }
  return { channel, wait_period: issued.status.wait_period }
}

/**
 * Checks a reset code (POST /auth/create_token) and answers a single-use token for set_new_password. Wrong codes
 * are capped per contact across its codes (reset-caps.ts): past the cap, 429 before the code is compared.
 */
export async function createResetToken(
  deps: ResetDeps,
  input: { contact: string; code: string },
  now = new Date(),
): Promise<string> {
  const contact = await resolveContact(deps.db, input.contact)
  await verifyCode(
    deps.db,
    deps.config.DATA_KEYS,
    { purpose: PASSWORD_RESET_PURPOSE, subject: contact.value },
    input.code,
    now,
    () => reserveCheckForContact(deps, contact.value),
  )
  // A right code is not a guess: it does not count against the contact's cap.
  await releaseCheckForContact(deps, contact.value)
  const user = await findUserByContact(deps.db, contact)
  // A code for an unregistered contact is never sent, so this cannot happen unless the account was deleted.
  if (!user)
    throw new HttpError(422, confirmationCodeErrors.invalid.message, {
      code: confirmationCodeErrors.invalid.code,
    })
  const token = newOpaqueToken()
  await deps.db.insert(passwordResetTokens).values({
    userId: user.id,
    contact: contact.value,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_SEC * 1000),
    createdAt: now,
  })
  return token
}

/**
 * Sets the new password (POST /auth/set_new_password). The token works once and only with its contact. The
 * password change stamps password_changed_at, so every access token issued before is refused, and revokes all
 * of the user's sessions. The user then signs in normally: a second factor is still asked for.
 */
export async function setNewPassword(
  deps: ResetDeps,
  input: { contact: string; token: string; password: string },
  now = new Date(),
): Promise<void> {
  const contact = await resolveContact(deps.db, input.contact)
  const passwordHash = await hashPassword(input.password)
  await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashOpaqueToken(input.token)),
          eq(passwordResetTokens.contact, contact.value),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning()
    if (!claimed) {
      throw new HttpError(422, RESET_TOKEN_INVALID_MESSAGE, {
        fieldErrors: { token: [RESET_TOKEN_INVALID_MESSAGE] },
      })
    }
    await tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, claimed.userId))
    // Other reset tokens of the user die with the old password.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, claimed.userId), isNull(passwordResetTokens.usedAt)))
    await endSessionsOfUser(tx, claimed.userId, null, now)
  })
}
