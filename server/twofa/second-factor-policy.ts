import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { managerRoles } from '../../contract/auth/two-factor-schemas'
import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared-statement'
import { companySecurity, companyUsers, userSecurity, users } from '../db/schema'

/** What a sign-in of this user needs after the password (or another first factor). */
export type SecondFactor =
  | { method: 'none' }
  | { method: 'email' | 'sms'; recipient: string }
  | { method: 'totp'; secretSealed: string }
  /** The user chose the authenticator app but has not set it up: the two-factor secret error. */
  | { method: 'totp_setup' }

/** The user's own setting, 'off' when they never chose one. */
export async function userTwoFactorSetting(db: Database, userId: number) {
  const [row] = await db.select().from(userSecurity).where(eq(userSecurity.userId, userId))
  return row ?? { userId, twoFactor: 'off' as const, totpSecretSealed: null, totpLastStep: null }
}

/**
 * The companies of a user (an id, or a column that holds one) that require a second factor of them: of everyone,
 * or of its owners and managers when that is the user's role there.
 */
const companiesRequiringOf = (db: Database, userId: number | typeof users.id) =>
  db
    .select({ companyId: companySecurity.companyId })
    .from(companySecurity)
    .innerJoin(companyUsers, eq(companyUsers.companyId, companySecurity.companyId))
    .where(
      and(
        eq(companyUsers.userId, userId),
        or(
          eq(companySecurity.twoFactorRequiredFor, 'everyone'),
          and(
            eq(companySecurity.twoFactorRequiredFor, 'managers'),
            inArray(companyUsers.userRole, [...managerRoles]),
          ),
        ),
      ),
    )

/** True when any company the user belongs to requires a second factor of them. */
export async function requiredByCompany(db: Database, userId: number): Promise<boolean> {
  const [row] = await companiesRequiringOf(db, userId).limit(1)
  return row !== undefined
}

/** What secondFactorFor decides by, in one statement: the user's own setting and whether a company requires one. */
const secondFactorFacts = preparedStatement((db) =>
  db
    .select({
      twoFactor: userSecurity.twoFactor,
      totpSecretSealed: userSecurity.totpSecretSealed,
      requiredByCompany: sql<boolean>`exists (${companiesRequiringOf(db, users.id)})`,
    })
    .from(users)
    .leftJoin(userSecurity, eq(userSecurity.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('second_factor_facts'),
)

/**
 * Decides the second factor: the authenticator app when the user chose it, otherwise a code by e-mail (by SMS
 * for an account without e-mail) when the user chose codes or a company of theirs requires a second factor.
 */
export async function secondFactorFor(db: Database, user: typeof users.$inferSelect): Promise<SecondFactor> {
  const [facts] = await secondFactorFacts(db).execute({ userId: user.id })
  const twoFactor = facts?.twoFactor ?? 'off'
  if (twoFactor === 'totp') {
    return facts?.totpSecretSealed
      ? { method: 'totp', secretSealed: facts.totpSecretSealed }
      : { method: 'totp_setup' }
  }
  if (twoFactor === 'off' && !facts?.requiredByCompany) return { method: 'none' }
  if (user.email) return { method: 'email', recipient: user.email }
  if (user.phone) return { method: 'sms', recipient: user.phone }
  return { method: 'none' }
}
