import { asc, eq, sql } from 'drizzle-orm'
import {
  LicenseOption,
  type AddStaffCalculation,
  type License,
  type LicenseOptionId,
} from '../../../contract/license/schemas'
import type { Database } from '../../db/database'
import { licenseOptions, licenses } from '../../db/schema'
import { HttpError } from '../../http/http-error'

const DAY_MS = 24 * 60 * 60 * 1000
/** A monthly price covers this many days when an addition is prorated. */
const DAYS_PER_MONTH = 30

/** The company's licence with its options, or null when it has none. */
export async function findLicense(
  db: Database,
  companyId: number,
  now = new Date(),
): Promise<License | null> {
  const [row] = await db.select().from(licenses).where(eq(licenses.companyId, companyId))
  if (!row) return null
  const options = await db
    .select({ option_id: licenseOptions.optionId, amount: licenseOptions.amount })
    .from(licenseOptions)
    .where(eq(licenseOptions.licenseId, row.id))
    .orderBy(asc(licenseOptions.optionId))
  const additionalStaff =
    options.find((option) => option.option_id === LicenseOption.ADDITIONAL_STAFF)?.amount ?? 0
  return {
    id: row.id,
    company_id: row.companyId,
    tariff: row.tariff,
    staff_limit: row.staffLimit + additionalStaff,
    staff_seat_monthly_price: row.staffSeatMonthlyPrice,
    starts_at: row.startsAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    is_active: row.expiresAt.getTime() > now.getTime(),
    options: options.map((option) => ({
      option_id: option.option_id as LicenseOptionId,
      amount: option.amount,
    })),
  }
}

/** Only an active licence can be extended; answering 409 tells the client to buy a licence first. */
function requireActive(license: License | null): License {
  if (!license) throw new HttpError(409, /*i18n*/ 'The company has no licence')
  if (!license.is_active) throw new HttpError(409, /*i18n*/ 'The licence has expired')
  return license
}

/**
 * The price of `amount` additional staff seats until the licence ends: each seat costs its monthly price for
 * every 30 days left, prorated by day and rounded to whole currency units.
 */
export async function calculateAddStaff(
  db: Database,
  companyId: number,
  amount: number,
  now = new Date(),
): Promise<AddStaffCalculation> {
  const license = requireActive(await findLicense(db, companyId, now))
  const daysLeft = Math.ceil((Date.parse(license.expires_at) - now.getTime()) / DAY_MS)
  return {
    amount,
    price_per_staff: license.staff_seat_monthly_price,
    days_left: daysLeft,
    total: Math.round((license.staff_seat_monthly_price * amount * daysLeft) / DAYS_PER_MONTH),
  }
}

/**
 * Adds `amount` of an option to the licence. The increment happens in one upsert, so purchases arriving at the
 * same moment all count and never create two rows for one option.
 */
export async function addLicenseOption(
  db: Database,
  companyId: number,
  optionId: LicenseOptionId,
  amount: number,
): Promise<License> {
  const license = requireActive(await findLicense(db, companyId))
  await db
    .insert(licenseOptions)
    .values({ companyId, licenseId: license.id, optionId, amount })
    .onConflictDoUpdate({
      target: [licenseOptions.licenseId, licenseOptions.optionId],
      set: { amount: sql`${licenseOptions.amount} + excluded.amount`, updatedAt: sql`now()` },
    })
  return (await findLicense(db, companyId))!
}
