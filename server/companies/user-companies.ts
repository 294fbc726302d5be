import { and, asc, count, eq, sql } from 'drizzle-orm'
import { memberRights } from '../access/member-rights-memo'
import type { CompanyProfile } from '../../contract/companies/profile-schemas'
import type { Company, CompanyWithAccess } from '../../contract/companies/schemas'
import type { ReferenceLanguage } from '../../contract/references/schemas'
import type { Database } from '../db/database'
import { isoCodeOf } from '../references/country-ids'
import { languageIdOfCountry } from '../references/language-ids'
import { companies, companyUsers, placeCities } from '../db/schema'
import { preparedStatement } from '../db/prepared-statement'

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
  return Object.assign(toApiCompany(row), { access: memberRights(row.userRole, row.accessOverrides) })
}

/** The url of the company's current picture of one media entity (newest version first), or null. */
const currentPictureUrl = (entity: string) => sql<string | null>`(
  select i.url from images i
  where i.company_id = ${companies.id}
    and i.image_group_id = (
      select g.id from image_groups g
      where g.company_id = ${companies.id} and g.entity = ${entity} and g.entity_id = ${companies.id}
    )
  order by i.version desc, i.id desc
  limit 1
)`

/** The statement of findUserCompanyWithProfile, prepared: GET /company/{id}/ runs it on every call. */
const companyWithProfile = preparedStatement((db) =>
  db
    .select({
      ...companyColumns,
      accessOverrides: companyUsers.accessOverrides,
      address: companies.address,
      cityId: companies.cityId,
      cityTitle: sql<
        string | null
      >`coalesce(${placeCities.names}->>${sql.placeholder('language')}::text, ${placeCities.names}->>'en')`,
      phone: companies.phone,
      businessTypeId: companies.businessTypeId,
      profileVersion: companies.profileVersion,
      logoUrl: currentPictureUrl('salon'),
      headerUrl: currentPictureUrl('booking_form_appearance_header'),
    })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .leftJoin(placeCities, eq(placeCities.id, companies.cityId))
    .where(
      and(
        eq(companyUsers.userId, sql.placeholder('userId')),
        eq(companyUsers.companyId, sql.placeholder('companyId')),
      ),
    )
    .prepare('company_with_profile'),
)

/**
 * GET /company/{id}/ in one statement: the company as the user sees it (findUserCompany) with its profile
 * (loadCompanyProfile: the city named in the language, the logo and booking-form header urls); undefined when
 * the user does not belong to it.
 */
export async function findUserCompanyWithProfile(
  db: Database,
  userId: number,
  companyId: number,
  language: ReferenceLanguage,
): Promise<
  (CompanyWithAccess & Omit<CompanyProfile, 'id' | 'title' | 'country_id' | 'timezone'>) | undefined
> {
  const [row] = await companyWithProfile(db).execute({ userId, companyId, language })
  if (!row) return undefined
  // Added to the company rather than spread into a new literal: properties after a spread make V8 build the
  // object the slow way (docs/performance.md).
  return Object.assign(toApiCompany(row), {
    access: memberRights(row.userRole, row.accessOverrides),
    address: row.address,
    city_id: row.cityId,
    city_title: row.cityId === null ? '' : (row.cityTitle ?? ''),
    phone: row.phone,
    business_type_id: row.businessTypeId,
    logo_url: row.logoUrl ?? '',
    booking_form_header_url: row.headerUrl ?? '',
    profile_version: row.profileVersion,
  })
}
