import * as v from 'valibot'
import { licenseReplySchema } from './schemas'

/**
 * The company state of SPEC.md section 3 kept beside the company row: storage settings (overselling allowed by
 * default), the SMS sender name, the lost-client threshold of analytics (default 0), the default country and the
 * licence (null when there is none).
 */
export const companyStateSchema = v.object({
  storage_settings: v.object({ allow_overselling: v.boolean() }),
  sms_sender_name: v.nullable(v.string()),
  analytics_lost_threshold: v.number(),
  default_country_id: v.nullable(v.number()),
  license: v.union([v.null(), licenseReplySchema]),
})
export type CompanyState = v.InferOutput<typeof companyStateSchema>

/**
 * An SMS alphanumeric sender id: 3 to 11 latin letters or digits, at least one of them a letter, because
 * carriers read an all-digit sender as a phone number and reject longer or non-latin ones.
 */
const smsSenderNameSchema = v.pipe(
  v.string(/*i18n*/ 'must be a text'),
  v.regex(/^[A-Za-z0-9]{3,11}$/, /*i18n*/ 'must be 3 to 11 latin letters or digits'),
  v.regex(/[A-Za-z]/, /*i18n*/ 'must contain at least one latin letter'),
)

const unknownField = v.never('is not a known field')

/**
 * Body of PUT /company/{id}/state: a partial update, so every field is optional but at least one must be sent.
 * Null clears the SMS sender name (the default sender is used) and the default country. Unknown fields are
 * refused, so that a misspelt field is not silently ignored. The server also checks that the country exists.
 */
export const companyStateUpdateBodySchema = v.pipe(
  v.objectWithRest(
    {
      storage_settings: v.optional(
        v.objectWithRest(
          { allow_overselling: v.boolean(/*i18n*/ 'must be true or false') },
          unknownField,
          /*i18n*/ 'must be an object',
        ),
      ),
      sms_sender_name: v.optional(v.nullable(smsSenderNameSchema)),
      analytics_lost_threshold: v.optional(
        v.pipe(
          v.number(/*i18n*/ 'must be a whole number of days'),
          v.integer(/*i18n*/ 'must be a whole number of days'),
          v.minValue(0, /*i18n*/ 'must be at least 0'),
          v.maxValue(365, /*i18n*/ 'must be at most 365'),
        ),
      ),
      default_country_id: v.optional(
        v.nullable(
          v.pipe(
            v.number(/*i18n*/ 'must be a country id'),
            v.integer(/*i18n*/ 'must be a country id'),
            v.minValue(1, /*i18n*/ 'must be a country id'),
          ),
        ),
      ),
    },
    unknownField,
    /*i18n*/ 'must be an object',
  ),
  v.check((body) => Object.keys(body).length > 0, /*i18n*/ 'must change at least one setting'),
)
export type CompanyStateUpdateBody = v.InferInput<typeof companyStateUpdateBodySchema>

/** The right each field of the update needs: storage settings, the sender name, and company editing for the rest. */
export const companyStateFieldFlags = {
  storage_settings: 'options_storage_settings_access',
  sms_sender_name: 'options_sms_sender_access',
  analytics_lost_threshold: 'options_company_edit_access',
  default_country_id: 'options_company_edit_access',
} as const
