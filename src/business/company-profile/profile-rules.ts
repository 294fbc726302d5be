import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min'
import { companyProfileLimits, type CompanyProfile } from '../../../contract/companies/profile-schemas'

/** The profile form as typed: every field a string, as the inputs hold them. */
export interface ProfileDraft {
  title: string
  address: string
  cityId: string
  cityTitle: string
  timezone: string
  phone: string
  businessTypeId: string
}

export const draftOf = (profile: CompanyProfile): ProfileDraft => ({
  title: profile.title,
  address: profile.address,
  cityId: profile.city_id === null ? '' : String(profile.city_id),
  cityTitle: profile.city_title,
  timezone: profile.timezone,
  phone: profile.phone === '' ? '' : `+${profile.phone}`,
  businessTypeId: profile.business_type_id === null ? '' : String(profile.business_type_id),
})

/**
 * What is wrong with the draft, per field, before it is sent (the server checks again): a name is required, the
 * address has a length, and a phone must be a valid number of its country (SPEC.md section 5), read in the
 * company's country when typed without a calling code, as the registration reads it.
 */
export function profileProblems(
  draft: ProfileDraft,
  countryIso: string | undefined,
): Partial<Record<'title' | 'address' | 'phone', MessageDescriptor>> {
  const problems: Partial<Record<'title' | 'address' | 'phone', MessageDescriptor>> = {}
  const title = draft.title.trim()
  if (title === '') problems.title = msg`Enter the company name.`
  else if (title.length > companyProfileLimits.titleMax)
    problems.title = msg`The name can be at most ${companyProfileLimits.titleMax} characters long.`
  if (draft.address.trim().length > companyProfileLimits.addressMax)
    problems.address = msg`The address can be at most ${companyProfileLimits.addressMax} characters long.`
  const phone = draft.phone.trim()
  if (phone !== '') {
    const parsed = parsePhoneNumberFromString(phone, countryIso as CountryCode | undefined)
    if (!parsed?.isValid()) problems.phone = msg`Enter a valid phone number, for example +7 495 123-45-67.`
  }
  return problems
}

/** The phone as the server takes it: international, with its calling code. */
export function phoneToSend(phone: string, countryIso: string | undefined): string {
  const trimmed = phone.trim()
  if (trimmed === '') return ''
  const parsed = parsePhoneNumberFromString(trimmed, countryIso as CountryCode | undefined)
  return parsed?.isValid() ? parsed.number : trimmed
}
