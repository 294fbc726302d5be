import { and, eq, inArray } from 'drizzle-orm'
import type { CompanyProfile, CompanyProfileBody } from '../../contract/companies/profile-schemas'
import type { FieldErrors } from '../../contract/envelope'
import type { ReferenceLanguage } from '../../contract/references/schemas'
import type { Database } from '../db/database'
import { companies, imageGroups } from '../db/schema'
import { HttpError } from '../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../http/validate'
import { normalisePhone } from '../phone/phone-number'
import { isBusinessTypeId } from '../references/business-groups'
import { cityBelongsTo, findCity } from '../references/cities'
import { currentImageUrl, loadImageGroups } from '../business/images/image-groups'
import type { RecordChange } from '../business/change-log/request-audit'

/**
 * The company's profile with the urls of its logo and booking-form header, its city named in the language; 404
 * for a company that is gone.
 */
export async function loadCompanyProfile(
  db: Database,
  companyId: number,
  language: ReferenceLanguage,
): Promise<CompanyProfile> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId))
  if (!row) throw new HttpError(404, /*i18n*/ 'Company not found')
  const groupRows = await db
    .select({ id: imageGroups.id, entity: imageGroups.entity })
    .from(imageGroups)
    .where(
      and(
        eq(imageGroups.companyId, companyId),
        eq(imageGroups.entityId, companyId),
        inArray(imageGroups.entity, ['salon', 'booking_form_appearance_header']),
      ),
    )
  const groups = await loadImageGroups(
    db,
    companyId,
    groupRows.map((group) => group.id),
  )
  const urlOf = (entity: string) =>
    currentImageUrl(groups.get(groupRows.find((group) => group.entity === entity)?.id ?? -1))
  return {
    id: row.id,
    title: row.title,
    country_id: row.countryId,
    timezone: row.timezone,
    address: row.address,
    city_id: row.cityId,
    city_title: row.cityId === null ? '' : ((await findCity(db, row.cityId, language))?.title ?? ''),
    phone: row.phone,
    business_type_id: row.businessTypeId,
    logo_url: urlOf('salon'),
    booking_form_header_url: urlOf('booking_form_appearance_header'),
    profile_version: row.profileVersion,
  }
}

/**
 * Saves the profile. The company row is locked first, so two saves run one after the other: the second, opened
 * from the version the first replaced, is refused with 409 (and the current profile in the details) instead of
 * silently undoing the first. The opening hours are kept as local wall-clock times (server/business/working-hours),
 * so a new time zone keeps "10:00 to 20:00" and moves those hours on the world's clock.
 */
export async function saveCompanyProfile(
  db: Database,
  companyId: number,
  body: CompanyProfileBody,
  audit: RecordChange,
  language: ReferenceLanguage,
): Promise<CompanyProfile> {
  const [company] = await db
    .select({ countryId: companies.countryId })
    .from(companies)
    .where(eq(companies.id, companyId))
  if (!company) throw new HttpError(404, /*i18n*/ 'Company not found')
  // Every problem at once, so that one save names them all.
  const fieldErrors: FieldErrors = {}
  if (body.city_id !== null && !(await cityBelongsTo(db, body.city_id, company.countryId))) {
    fieldErrors.city_id = [/*i18n*/ "must be a city of the company's country"]
  }
  if (body.business_type_id !== null && !isBusinessTypeId(body.business_type_id)) {
    fieldErrors.business_type_id = [/*i18n*/ 'must be a business type of the reference list']
  }
  const normalised = body.phone === '' ? undefined : normalisePhone(body.phone)
  if (body.phone !== '' && !normalised) {
    fieldErrors.phone = [/*i18n*/ 'Enter a valid phone number of its country']
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors })
  }
  const phone = normalised?.digits ?? ''

  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ version: companies.profileVersion, timezone: companies.timezone })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update')
    if (!locked) throw new HttpError(404, /*i18n*/ 'Company not found')
    if (locked.version !== body.expected_version) {
      throw new HttpError(
        409,
        /*i18n*/ 'The profile was changed by someone else since this copy was opened',
        {
          details: { profile_version: locked.version },
        },
      )
    }
    await tx
      .update(companies)
      .set({
        title: body.title,
        address: body.address,
        cityId: body.city_id,
        timezone: body.timezone,
        phone,
        businessTypeId: body.business_type_id,
        profileVersion: locked.version + 1,
      })
      .where(eq(companies.id, companyId))
    await audit(tx, {
      entity: 'company_profile',
      entityId: companyId,
      operation: 'updated',
      changes: {
        title: body.title,
        address: body.address,
        city_id: body.city_id,
        timezone: body.timezone,
        business_type_id: body.business_type_id,
        phone,
        ...(locked.timezone === body.timezone ? {} : { previous_timezone: locked.timezone }),
      },
    })
  })
  return loadCompanyProfile(db, companyId, language)
}
