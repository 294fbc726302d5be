import * as v from 'valibot'
import { INT4_MAX, visibleText } from '../storable-values'
import { idSchema } from '../id-params'
import { fieldText } from '../field-text'

/** Length limits of the profile's texts; the app refuses longer ones before sending them. */
export const companyProfileLimits = { titleMax: 150, addressMax: 300 }

/**
 * Whether a name is one of the IANA time zones the runtime knows (`Europe/Moscow`). Node and the browsers
 * carry the same tz database, so the app's list and the server's check agree.
 */
export function isIanaTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(zone)) return false
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone !== undefined
  } catch {
    return false
  }
}

/** The IANA time zones to choose from, sorted by name. */
export const ianaTimeZones = (): string[] => Intl.supportedValuesOf('timeZone')

/**
 * The profile of one company as its page edits it (PUT /company/{id}). The phone is checked against its
 * country's rules by the server (the same check the registration uses) and stored as E.164 digits; '' clears
 * it. `expected_version` is the `profile_version` the form was opened with: a save from an older copy is
 * refused with 409 instead of undoing someone else's save.
 */
export const companyProfileBodySchema = v.object({
  title: v.pipe(
    v.string(/*i18n*/ 'Enter the company name'),
    visibleText(),
    v.trim(),
    v.minLength(1, /*i18n*/ 'Enter the company name'),
    v.maxLength(
      companyProfileLimits.titleMax,
      fieldText(/*i18n*/ 'Use at most {max, plural, one {# character} other {# characters}}', {
        max: companyProfileLimits.titleMax,
      }),
    ),
  ),
  address: v.pipe(
    v.string(/*i18n*/ 'must be text'),
    visibleText(),
    v.trim(),
    v.maxLength(
      companyProfileLimits.addressMax,
      fieldText(/*i18n*/ 'Use at most {max, plural, one {# character} other {# characters}}', {
        max: companyProfileLimits.addressMax,
      }),
    ),
  ),
  city_id: v.nullable(idSchema),
  timezone: v.pipe(
    v.string(/*i18n*/ 'must be a time zone'),
    v.check(isIanaTimeZone, /*i18n*/ 'must be an IANA time zone'),
  ),
  phone: v.pipe(
    v.string(/*i18n*/ 'must be text'),
    v.trim(),
    v.maxLength(32, /*i18n*/ 'The phone number is too long'),
    v.regex(/^(?:\+?[\d\s().-]+)?$/, /*i18n*/ 'Enter a phone number in international format'),
  ),
  business_type_id: v.nullable(idSchema),
  expected_version: v.pipe(
    v.number(/*i18n*/ 'must be the version the form was opened with'),
    v.integer(/*i18n*/ 'must be the version the form was opened with'),
    v.minValue(1),
    v.maxValue(2_000_000_000),
  ),
})
export type CompanyProfileBody = v.InferOutput<typeof companyProfileBodySchema>

/** The profile as GET and PUT /company/{id} answer it, beside the company's summary. */
export const companyProfileEntries = {
  address: v.string(),
  city_id: v.nullable(v.number()),
  /** The city's name in the request's language, '' without a city. */
  city_title: v.string(),
  /** E.164 digits without '+'; '' when none is given. */
  phone: v.string(),
  business_type_id: v.nullable(v.number()),
  /** The url of the salon's logo (media entity `salon`), '' when there is none. */
  logo_url: v.string(),
  /** The url of the online booking form's header picture (media entity `booking_form_appearance_header`). */
  booking_form_header_url: v.string(),
  profile_version: v.number(),
}

export const companyProfileSchema = v.object({
  id: v.number(),
  title: v.string(),
  country_id: v.number(),
  timezone: v.string(),
  ...companyProfileEntries,
})
export type CompanyProfile = v.InferOutput<typeof companyProfileSchema>

/** The pictures of a company's profile: the upload's file field and its media entity (SPEC.md section 3). */
export const companyPictures = {
  logo: { field: 'logo', entity: 'salon' },
  'booking-form-header': { field: 'image', entity: 'booking_form_appearance_header' },
} as const
export type CompanyPictureKind = keyof typeof companyPictures

export const companyPictureParamsSchema = v.looseObject({
  id: v.pipe(
    v.string(),
    v.regex(/^\d{1,20}$/, /*i18n*/ 'id must be a positive integer'),
    v.transform(Number),
    v.maxValue(INT4_MAX, /*i18n*/ 'is too large'),
  ),
  kind: v.picklist(
    Object.keys(companyPictures) as CompanyPictureKind[],
    /*i18n*/ 'must be logo or booking-form-header',
  ),
})
