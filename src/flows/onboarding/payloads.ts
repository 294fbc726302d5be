import { ENGLISH_LANGUAGE_ID, LANGUAGE_IDS } from '../../../contract/languages'
import type { Language } from '../../../contract/ui-languages'
import type { OnboardingVariant } from '../../../machines/onboarding-steps'
import {
  INDIVIDUAL_STAFF_COUNT_ID,
  needsCustomPurpose,
  NEWER_VERSION,
  OLDER_VERSION,
  PLACE_COUNT_NOT_GIVEN,
  positionFor,
  staffAnswersFor,
} from '../../../contract/onboarding/rules'

/*
 * The step payloads of SPEC.md section 3, built from the screens' forms. Fields the visitor left
 * empty are left out, so the server's validation names them; nothing is checked twice here.
 */

const text = (form: FormData, name: string): string | undefined => {
  const value = form.get(name)
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}
const id = (form: FormData, name: string): number | undefined => {
  const value = Number(text(form, name))
  return Number.isInteger(value) && value > 0 ? value : undefined
}
const ids = (form: FormData, name: string): number[] =>
  form
    .getAll(name)
    .map(Number)
    .filter((value) => Number.isInteger(value) && value > 0)

export function firstStepValues(
  form: FormData,
  context: {
    variant: OnboardingVariant
    language: Language
    startedAt: number
    now: number
    languages: readonly string[]
  },
): Record<string, unknown> {
  return {
    phone: text(form, 'phone') ?? null,
    email: text(form, 'email') ?? null,
    form_complete_speed: Math.max(0, Math.round(context.now - context.startedAt)),
    languages: context.languages.slice(0, 20),
    language_id: LANGUAGE_IDS[context.language.split('-')[0]!] ?? ENGLISH_LANGUAGE_ID,
    google_recaptcha_v2_token: text(form, 'google_recaptcha_v2_token') ?? null,
    version: context.variant === 'newer' ? NEWER_VERSION : OLDER_VERSION,
    // The honeypot: people never see it, so whatever is in it came from a robot.
    website: text(form, 'website') ?? null,
  }
}

/** The second step: name and place count; a business adds its name and the visitor's position. */
export function secondStepValues(form: FormData, variant: OnboardingVariant, individual: boolean) {
  const common = { name: text(form, 'name'), place_count: id(form, 'place_count') ?? PLACE_COUNT_NOT_GIVEN }
  const position = positionFor(individual, id(form, 'position') ?? null) ?? undefined
  if (variant === 'older') {
    return individual ? common : { ...common, company_title: text(form, 'company_title'), position }
  }
  return {
    ...common,
    position: individual ? undefined : position,
    city_id: id(form, 'city_id') ?? null,
    promo_code: text(form, 'promo_code') ?? null,
    version: NEWER_VERSION,
  }
}

/** The third step: the line of business and the staff; an individual works alone and serves clients themself. */
export function thirdStepValues(form: FormData, variant: OnboardingVariant, individual: boolean) {
  const staff = staffAnswersFor(individual, {
    staffCount: id(form, 'staff_count') ?? 0,
    providesServicesThemself: form.get('is_provide_services_by_myself') === 'on',
  })
  const base = individual
    ? { business_group_id: id(form, 'business_group_id'), ...staff, staff_count: INDIVIDUAL_STAFF_COUNT_ID }
    : {
        business_type_id: id(form, 'business_type_id'),
        ...staff,
        staff_count: staff.staff_count || undefined,
      }
  if (variant === 'older') return base
  return { ...base, company_title: text(form, 'company_title'), version: NEWER_VERSION }
}

/** The goals of the newer table's fourth and fifth steps, with the custom purpose when "other" is chosen. */
export function goalValues(form: FormData) {
  const purposes = ids(form, 'purposes')
  return {
    purposes,
    custom_purpose: needsCustomPurpose(purposes) ? (text(form, 'custom_purpose') ?? null) : null,
  }
}

export function fourthStepValues(form: FormData, variant: OnboardingVariant) {
  if (variant === 'newer') return { ...goalValues(form), version: NEWER_VERSION }
  return {
    country_id: id(form, 'country_id'),
    city_id: id(form, 'city_id') ?? null,
    referral_source: id(form, 'referral_source'),
    promo_code: text(form, 'promo_code') ?? null,
  }
}

/** Continue-register: the account's name and password, and the contact the first step did not give. */
export function registrationValues(form: FormData) {
  return {
    name: text(form, 'name'),
    password: String(form.get('password') ?? ''),
    confirm_password: String(form.get('confirm_password') ?? ''),
    email: text(form, 'email') ?? null,
    phone: text(form, 'phone') ?? null,
  }
}
