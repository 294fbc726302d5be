import { eq } from 'drizzle-orm'
import type { Database } from '../../db/database'
import { companySettings } from '../../db/schema'
import { findLicense } from './company-license'

/**
 * The company state of SPEC.md section 3 that lives beside the company row. A company without a settings row has
 * the defaults: overselling allowed, no SMS sender name, lost-client threshold 0, no default country. The licence
 * is sent as [] when there is none, the same convention as GET /license/{id}, and as null to a member without
 * the licence right.
 */
export async function readCompanyState(
  db: Database,
  companyId: number,
  { withLicense }: { withLicense: boolean },
) {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.companyId, companyId))
  // A member who may not see the licence (options_license_access) gets null in its place, not its terms.
  const license = withLicense ? ((await findLicense(db, companyId)) ?? []) : null
  return {
    storage_settings: { allow_overselling: row?.allowOverselling ?? true },
    sms_sender_name: row?.smsSenderName ?? null,
    analytics_lost_threshold: row?.analyticsLostThreshold ?? 0,
    default_country_id: row?.defaultCountryId ?? null,
    license,
  }
}
