import { eq } from 'drizzle-orm'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { users } from '../db/schema'
import { countInWindow, recordHit, resetCounter } from '../rate-limit/fixed-window-counter'
import { parseLogin, throttleKeyOf } from './login-identifier'
import { verifyAgainstDummy, verifyPassword } from './passwords'
import { startSession } from './sessions'

type SignInConfig = Pick<
  Config,
  | 'REFRESH_TOKEN_TTL_SEC'
  | 'REFRESH_REUSE_GRACE_SEC'
  | 'SIGNIN_THROTTLE_ACCOUNT_MAX'
  | 'SIGNIN_THROTTLE_IP_MAX'
  | 'SIGNIN_THROTTLE_WINDOW_SEC'
>

export type SignInResult =
  | { kind: 'signed-in'; user: typeof users.$inferSelect; sessionId: string; refreshToken: string }
  /** Unknown login and wrong password are one outcome, so the reply cannot tell them apart. */
  | { kind: 'invalid-credentials' }
  | { kind: 'throttled' }

export type CredentialsCheck =
  | { kind: 'verified'; user: typeof users.$inferSelect }
  /** Wrong password and unknown login are one outcome, so the reply cannot tell them apart. */
  | { kind: 'invalid-credentials' }
  | { kind: 'throttled' }

const accountKey = (login: string) => `signin:account:${throttleKeyOf(login)}`
const addressKey = (ip: string) => `signin:ip:${ip}`

/** Checks a login and password and opens a session (no second factor: see checkCredentials). */
export async function signIn(
  db: Database,
  config: SignInConfig,
  input: { login: string; password: string; ip: string; userAgent: string | null },
): Promise<SignInResult> {
  const checked = await checkCredentials(db, config, input)
  if (checked.kind !== 'verified') return checked
  const session = await startSession(db, config, {
    userId: checked.user.id,
    userAgent: input.userAgent,
    ip: input.ip,
  })
  return { kind: 'signed-in', user: checked.user, ...session }
}

/**
 * Checks a login and password (the first factor) without opening a session.
 *
 * Failed attempts are counted per account and per client address; once either count reaches its limit within
 * the window, attempts are refused without checking the password. Unknown logins are counted and timed
 * exactly like known ones, so neither the reply nor its timing reveals whether an account exists.
 */
export async function checkCredentials(
  db: Database,
  config: SignInConfig,
  input: { login: string; password: string; ip: string },
): Promise<CredentialsCheck> {
  const window = config.SIGNIN_THROTTLE_WINDOW_SEC
  const [accountFailures, addressFailures] = await Promise.all([
    countInWindow(db, accountKey(input.login), window),
    countInWindow(db, addressKey(input.ip), window),
  ])
  if (
    accountFailures >= config.SIGNIN_THROTTLE_ACCOUNT_MAX ||
    addressFailures >= config.SIGNIN_THROTTLE_IP_MAX
  ) {
    return { kind: 'throttled' }
  }

  const user = await findUserByLogin(db, input.login)
  const passwordMatches = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password)

  if (!user || !passwordMatches) {
    await Promise.all([
      recordHit(db, accountKey(input.login), window),
      recordHit(db, addressKey(input.ip), window),
    ])
    return { kind: 'invalid-credentials' }
  }

  await resetCounter(db, accountKey(input.login))
  return { kind: 'verified', user }
}

/** Finds the account an e-mail or phone login names. */
export async function findUserByLogin(db: Database, login: string) {
  const parsed = parseLogin(login)
  if (parsed.kind === 'invalid') return undefined
  const condition = parsed.kind === 'email' ? eq(users.email, parsed.email) : eq(users.phone, parsed.phone)
  const [user] = await db.select().from(users).where(condition)
  return user
}
