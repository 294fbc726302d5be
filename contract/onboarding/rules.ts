/*
 * The ids and business rules of the onboarding questionnaire (SPEC.md sections 2, 3, 4 and 9): pure data and
 * functions, the one home of this knowledge. The onboarding machine and screens, the request schemas
 * (./schemas.ts) and the server (server/onboarding/*, server/references/*) all import them from here.
 */

// ---------------------------------------------------------------------------------------------------------
// Steps and route tables
// ---------------------------------------------------------------------------------------------------------

/** The questionnaire steps in order; `last_completed_step` 0..4 names them in this order (SPEC.md section 4). */
export const STEP_NAMES = ['first', 'second', 'third', 'fourth', 'fifth'] as const
export type StepName = (typeof STEP_NAMES)[number]

/** The two route tables: 3 is the older one (four steps), 4 the newer one (adds the fifth step). */
export const OLDER_VERSION = 3
export const NEWER_VERSION = 4

/** The A/B versions of SPEC.md section 9 and the threshold of ab_group_percentage that picks version A. */
export const AB_VERSIONS = { A: 4, B: 2, C: 3 } as const
export const DEFAULT_AB_VERSION = AB_VERSIONS.B
export const AB_THRESHOLD = 50

// ---------------------------------------------------------------------------------------------------------
// Confirmation channels
// ---------------------------------------------------------------------------------------------------------

/** How a confirmation code reaches the visitor (SPEC.md section 3, "Other onboarding data"). */
export const CONFIRMATION_CHANNELS = ['sms', 'call', 'email', 'sms_vonage'] as const
export type ConfirmationChannel = (typeof CONFIRMATION_CHANNELS)[number]
/** Calls made before SMS becomes available (SPEC.md section 9). */
export const CALLS_BEFORE_SMS = 2

// ---------------------------------------------------------------------------------------------------------
// Purposes (goals)
// ---------------------------------------------------------------------------------------------------------

/** Purpose ids of SPEC.md section 3; 11 is "other", which asks for custom_purpose. */
export const PURPOSE_IDS = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23] as const
export type PurposeId = (typeof PURPOSE_IDS)[number]
/** The purpose "other", which asks for a custom purpose (SPEC.md section 4). */
export const OTHER_PURPOSE_ID = 11
/** The general goal list: ids 12 to 20, then "other" (SPEC.md section 3, "Purpose ids"). */
export const GENERAL_PURPOSE_IDS = [12, 13, 14, 15, 16, 17, 18, 19, 20, OTHER_PURPOSE_ID] as const
/** The short goal list: online booking, customer records, visit reminders, then "other". */
export const SHORT_PURPOSE_IDS = [21, 22, 23, OTHER_PURPOSE_ID] as const

/** Whether the custom purpose field applies: only when "other" is among the chosen purposes. */
export function needsCustomPurpose(purposes: readonly number[] | undefined): boolean {
  return purposes?.includes(OTHER_PURPOSE_ID) === true
}

/**
 * The goal list each goal step of the newer table asks (SPEC.md section 3, "Step payloads"): the fourth step
 * the general list, the fifth the short list.
 */
export function goalListOf(step: 'fourth' | 'fifth'): readonly number[] {
  return step === 'fourth' ? GENERAL_PURPOSE_IDS : SHORT_PURPOSE_IDS
}

// ---------------------------------------------------------------------------------------------------------
// Positions, place counts, staff counts, referral sources
// ---------------------------------------------------------------------------------------------------------

/**
 * Office positions offered during onboarding, in order (SPEC.md section 2); the slug is the company role they
 * grant (contract/access/role-presets.ts), so it is what the server stores.
 */
export const POSITIONS = [
  { id: 1, slug: 'owner' },
  { id: 2, slug: 'manager' },
  { id: 3, slug: 'administrator' },
  { id: 4, slug: 'specialist' },
  { id: 5, slug: 'marketer' },
  { id: 6, slug: 'accountant' },
] as const
export type PositionSlug = (typeof POSITIONS)[number]['slug']
export const POSITION_IDS = [1, 2, 3, 4, 5, 6] as const
/** Position id of an owner, which an individual practitioner always is (SPEC.md section 9). */
export const OWNER_POSITION_ID = 1

/** Place counts; id 3 is the individual practitioner (SPEC.md section 9). */
export const PLACE_COUNTS = [
  { id: 1, slug: 'one_place' },
  { id: 2, slug: 'several_places' },
  { id: 3, slug: 'individual' },
  { id: 4, slug: 'not_opened_yet' },
] as const
export const PLACE_COUNT_IDS = [1, 2, 3, 4] as const
export const INDIVIDUAL_PLACE_COUNT_ID = 3
/** The place count of a second step that gives none (SPEC.md section 3: "place_count (default 0)"). */
export const PLACE_COUNT_NOT_GIVEN = 0

/** Staff counts; id 1 ("just me") is what individuals send (SPEC.md section 9: individual staff count 1). */
export const STAFF_COUNTS = [
  { id: 1, slug: 'just_me' },
  { id: 2, slug: '2_5' },
  { id: 3, slug: '6_10' },
  { id: 4, slug: '11_20' },
  { id: 5, slug: '21_50' },
  { id: 6, slug: 'more_than_50' },
] as const
export const STAFF_COUNT_IDS = [1, 2, 3, 4, 5, 6] as const
export const INDIVIDUAL_STAFF_COUNT_ID = 1

/** Where the visitor heard of us (older table, fourth step). */
export const REFERRAL_SOURCES = [
  { id: 1, slug: 'search' },
  { id: 2, slug: 'social_networks' },
  { id: 3, slug: 'recommendation' },
  { id: 4, slug: 'advertising' },
  { id: 5, slug: 'event' },
  { id: 6, slug: 'other' },
] as const
export const REFERRAL_SOURCE_IDS = [1, 2, 3, 4, 5, 6] as const

// ---------------------------------------------------------------------------------------------------------
// Individual practitioners
// ---------------------------------------------------------------------------------------------------------

/** True for an individual practitioner: one who works alone (place count id 3). */
export function isIndividualPlaceCount(placeCountId: number | null | undefined): boolean {
  return placeCountId === INDIVIDUAL_PLACE_COUNT_ID
}

/**
 * What the third step records about staff: an individual works alone and provides the services themself,
 * whatever the form says (SPEC.md section 3, "Third step").
 */
export function staffAnswersFor(
  individual: boolean,
  answers: { staffCount: number; providesServicesThemself: boolean },
): { staff_count: number; is_provide_services_by_myself: boolean } {
  return individual
    ? { staff_count: INDIVIDUAL_STAFF_COUNT_ID, is_provide_services_by_myself: true }
    : { staff_count: answers.staffCount, is_provide_services_by_myself: answers.providesServicesThemself }
}

/** The position an individual practitioner holds, whatever was chosen: owner. */
export function positionFor(individual: boolean, chosen: number | null): number | null {
  return individual ? OWNER_POSITION_ID : chosen
}
