import { and, eq, inArray, or } from 'drizzle-orm'
import { managerRoles } from '../../contract/auth/two-factor-schemas'
import type { Database } from '../db/database'
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
 * True when any company the user belongs to requires a second factor of them: of everyone, or of its owners
 * and managers when that is the user's role there.
 */
export async function requiredByCompany(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
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
    .limit(1)
  return row !== undefined
}

/**
 * Decides the second factor: the authenticator app when the user chose it, otherwise a code by e-mail (by SMS
 * for an account without e-mail) when the user chose codes or a company of theirs requires a second factor.
 */
export async function secondFactorFor(db: Database, user: typeof users.$inferSelect): Promise<SecondFactor> {
  const setting = await userTwoFactorSetting(db, user.id)
  if (setting.twoFactor === 'totp') {
    return setting.totpSecretSealed
      ? { method: 'totp', secretSealed: setting.totpSecretSealed }
      : { method: 'totp_setup' }
  }
  if (setting.twoFactor === 'off' && !(await requiredByCompany(db, user.id))) return { method: 'none' }
  if (user.email) return { method: 'email', recipient: user.email }
  if (user.phone) return { method: 'sms', recipient: user.phone }
  return { method: 'none' }
}
