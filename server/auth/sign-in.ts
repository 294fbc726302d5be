import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared-statement'
import { users } from '../db/schema'
import { parseLogin, throttleKeyOf } from './login-identifier'
import { verifyAgainstDummy, verifyPassword } from './passwords'
import { recordSecurityEvent } from '../security-log/record-security-event'
import { reserveSignInAttempt, type SignInThrottleConfig } from './sign-in-throttle'

export type CredentialsCheck =
  | { kind: 'verified'; user: typeof users.$inferSelect }
  /** Wrong password and unknown login are one outcome, so the reply cannot tell them apart. */
  | { kind: 'invalid-credentials' }
  | { kind: 'throttled'; retryAfterSec: number }
  /** A limit that a solved reCAPTCHA passes is reached and the request had no valid token. */
  | { kind: 'recaptcha-required' }

/** What the request proves besides the login and password. */
export interface SignInEvidence {
  /** Users remembered on the requesting device (rememberedUserIdsOf in fast-login.ts). */
  rememberedUserIds: ReadonlySet<number>
  /** Checks the request's reCAPTCHA token; null when reCAPTCHA is not configured. */
  verifyRecaptcha: (() => Promise<boolean>) | null
}

/**
 * Checks a login and password (the first factor) without opening a session.
 *
 * The attempt is reserved on every sign-in counter before the password is hashed (server/auth/sign-in-throttle.ts);
 * a refused reservation checks no password. A login that names an account is counted under the account, so its
 * e-mail and phone share one counter; a login that names none is counted under the normalised login, and is
 * hashed against a dummy, so neither the reply nor its timing reveals whether an account exists.
 */
export async function checkCredentials(
  db: Database,
  config: SignInThrottleConfig,
  input: { login: string; password: string; ip: string } & SignInEvidence,
): Promise<CredentialsCheck> {
  const user = await findUserByLogin(db, input.login)
  const reservation = await reserveSignInAttempt(db, config, {
    accountKey: user ? `user:${user.id}` : `login:${throttleKeyOf(input.login)}`,
    userId: user?.id ?? null,
    ip: input.ip,
    fromRememberedDevice: user !== undefined && input.rememberedUserIds.has(user.id),
    verifyRecaptcha: input.verifyRecaptcha,
  })
  if (reservation.kind !== 'reserved') return reservation

  const passwordMatches = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password)
  const accepted = user !== undefined && passwordMatches
  // Every evaluated password is in the security log, known login or not (the same work either way).
  await recordSecurityEvent(db, {
    action: accepted ? 'password_accepted' : 'password_refused',
    targetUserId: user?.id ?? null,
    ip: input.ip,
    details: { factor: 'password' },
  })
  if (!accepted) {
    await reservation.failed()
    return { kind: 'invalid-credentials' }
  }
  await reservation.succeeded()
  return { kind: 'verified', user }
}

const userByEmail = preparedStatement((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.email, sql.placeholder('login')))
    .prepare('user_by_email'),
)
const userByPhone = preparedStatement((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.phone, sql.placeholder('login')))
    .prepare('user_by_phone'),
)

/** Finds the account an e-mail or phone login names. */
export async function findUserByLogin(db: Database, login: string) {
  const parsed = parseLogin(login)
  if (parsed.kind === 'invalid') return undefined
  if (parsed.kind === 'email') return (await userByEmail(db).execute({ login: parsed.email }))[0]
  const [user] = await userByPhone(db).execute({ login: parsed.phone })
  if (user || parsed.national === undefined) return user
  return (await userByPhone(db).execute({ login: parsed.national }))[0]
}
