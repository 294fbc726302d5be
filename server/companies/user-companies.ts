import { and, asc, count, eq } from 'drizzle-orm'
import type { Rights } from '../../contract/access/rights-catalogue'
import { rightsForRole } from '../../contract/access/role-presets'
import type { Company, CompanyWithAccess } from '../../contract/companies/schemas'
import type { Database } from '../db/database'
import { isoCodeOf } from '../references/country-ids'
import { languageIdOfCountry } from '../references/language-ids'
import { companies, companyUsers } from '../db/schema'

const companyColumns = {
  id: companies.id,
  title: companies.title,
  type: companies.type,
  mainGroupId: companies.mainGroupId,
  countryId: companies.countryId,
  timezone: companies.timezone,
  currencyShortTitle: companies.currencyShortTitle,
  userRole: companyUsers.userRole,
  positionId: companyUsers.positionId,
}

interface CompanyRow {
  id: number
  title: string
  type: 'salon' | 'group'
  mainGroupId: number | null
  countryId: number
  timezone: string
  currencyShortTitle: string
  userRole: string
  positionId: number | null
}

function toApiCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    main_group_id: row.mainGroupId,
    country_id: row.countryId,
    language_id: languageIdOfCountry(isoCodeOf(row.countryId) ?? ''),
    timezone: row.timezone,
    currency_short_title: row.currencyShortTitle,
    user_role: row.userRole,
    position_id: row.positionId,
  }
}

/**
 * The companies a user belongs to, oldest first, at most `limit`, with the total so the client can tell
 * whether it saw them all.
 */
export async function listUserCompanies(
  db: Database,
  userId: number,
  limit: number,
): Promise<{ companies: Company[]; total: number }> {
  const rows = await db
    .select(companyColumns)
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(eq(companyUsers.userId, userId))
    .orderBy(asc(companies.id))
    .limit(limit)
  const [totalRow] = await db
    .select({ total: count() })
    .from(companyUsers)
    .where(eq(companyUsers.userId, userId))
  return { companies: rows.map(toApiCompany), total: totalRow?.total ?? 0 }
}

/**
 * One company as the user sees it, with the user's rights in `access`, or undefined when the user does not
 * belong to it: callers answer 404 then, so a company's existence is never revealed to outsiders.
 */
export async function findUserCompany(
  db: Database,
  userId: number,
  companyId: number,
): Promise<CompanyWithAccess | undefined> {
  const [row] = await db
    .select({ ...companyColumns, accessOverrides: companyUsers.accessOverrides })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(and(eq(companyUsers.userId, userId), eq(companyUsers.companyId, companyId)))
  if (!row) return undefined
  return {
    ...toApiCompany(row),
    access: rightsForRole(row.userRole, (row.accessOverrides as Partial<Rights> | null) ?? null),
  }
}
