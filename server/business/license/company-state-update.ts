import type { RightFlag, Rights } from '../../../contract/access/rights-catalogue'
import {
  companyStateFieldFlags,
  companyStateUpdateBodySchema,
} from '../../../contract/license/company-state-schemas'
import type { Database } from '../../db/database'
import { companySettings } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { validate, VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import { findCountry } from '../../references/countries'

/**
 * Refuses with 403 when the body names a field the user's rights do not let them change. It runs before the
 * body is validated, as a route flag would, so a user without the right learns nothing about valid values.
 */
export function requireStateFieldRights(rights: Rights, body: unknown): void {
  if (typeof body !== 'object' || body === null) return
  const needed = new Set<RightFlag>()
  for (const [field, flag] of Object.entries(companyStateFieldFlags)) {
    if (field in body) needed.add(flag)
  }
  for (const flag of needed) {
    if (!rights[flag]) throw new HttpError(403, /*i18n*/ 'You do not have access to this section')
  }
}

/** Validates the update; the default country must be one GET /countries lists. */
export function parseStateUpdate(body: unknown) {
  const update = validate(companyStateUpdateBodySchema, body)
  const countryId = update.default_country_id
  if (countryId != null && !findCountry(countryId, 'en')) {
    throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
      fieldErrors: { default_country_id: [/*i18n*/ 'must be a country of the countries list'] },
    })
  }
  return update
}

/**
 * Writes only the fields sent, in one upsert: a company without a settings row gets one with the defaults for
 * the rest, and two concurrent updates of different fields both survive because neither rewrites the other's.
 */
export async function updateCompanyState(
  db: Database,
  companyId: number,
  update: ReturnType<typeof parseStateUpdate>,
): Promise<void> {
  const set: Partial<typeof companySettings.$inferInsert> = {}
  if (update.storage_settings) set.allowOverselling = update.storage_settings.allow_overselling
  if (update.sms_sender_name !== undefined) set.smsSenderName = update.sms_sender_name
  if (update.analytics_lost_threshold !== undefined) {
    set.analyticsLostThreshold = update.analytics_lost_threshold
  }
  if (update.default_country_id !== undefined) set.defaultCountryId = update.default_country_id
  await db
    .insert(companySettings)
    .values({ companyId, ...set })
    .onConflictDoUpdate({ target: companySettings.companyId, set })
}
