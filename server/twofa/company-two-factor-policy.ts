import { asc, eq } from 'drizzle-orm'
import type { CompanyTwoFactor, TwoFactorPolicy } from '../../contract/auth/two-factor-schemas'
import type { RecordChange } from '../business/change-log/request-audit'
import type { Database } from '../db/database'
import { companySecurity, companyUsers, users, userSecurity } from '../db/schema'

/** A company's second-factor policy with its members, their roles and the second factor each chose. */
export async function readCompanyTwoFactor(db: Database, companyId: number): Promise<CompanyTwoFactor> {
  const [policy] = await db.select().from(companySecurity).where(eq(companySecurity.companyId, companyId))
  const members = await db
    .select({
      user_id: users.id,
      name: users.name,
      role: companyUsers.userRole,
      own: userSecurity.twoFactor,
    })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .leftJoin(userSecurity, eq(userSecurity.userId, users.id))
    .where(eq(companyUsers.companyId, companyId))
    .orderBy(asc(users.name), asc(users.id))
  return {
    required_for: policy?.twoFactorRequiredFor ?? 'nobody',
    members: members.map(({ own, ...member }) => ({ ...member, own_two_factor: own ?? 'off' })),
  }
}

/**
 * Sets the policy (one row per company, so two owners saving at once leave one of their choices, never two
 * rows) and writes the change, with what it was before, to the audit log in the same transaction.
 */
export async function saveCompanyTwoFactor(
  db: Database,
  companyId: number,
  requiredFor: TwoFactorPolicy,
  audit: RecordChange,
): Promise<CompanyTwoFactor> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ requiredFor: companySecurity.twoFactorRequiredFor })
      .from(companySecurity)
      .where(eq(companySecurity.companyId, companyId))
      .for('update')
    const values = { twoFactorRequiredFor: requiredFor, updatedAt: new Date() }
    await tx
      .insert(companySecurity)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: companySecurity.companyId, set: values })
    await audit(tx, {
      entity: 'company_two_factor_policy',
      entityId: companyId,
      operation: 'updated',
      changes: { required_for: requiredFor, was: before?.requiredFor ?? 'nobody' },
    })
  })
  return readCompanyTwoFactor(db, companyId)
}
