/**
 * Business rules of the onboarding questionnaire (SPEC.md sections 3, 4 and 9). Pure data and
 * functions, shared by the machine, the screens and the payload builders.
 */

/** Place count id of an individual practitioner (SPEC.md section 9). */
export const individualPlaceCountId = 3
/** Position id of an owner, which an individual practitioner always is. */
export const ownerPositionId = 1
/** Staff count of an individual practitioner. */
export const individualStaffCount = 1
/** The purpose "other", which asks for a custom purpose. */
export const otherPurposeId = 11

/** The general goal list: ids 12 to 20, then "other" (SPEC.md section 3, "Purpose ids"). */
export const generalGoalIds: readonly number[] = [12, 13, 14, 15, 16, 17, 18, 19, 20, otherPurposeId]
/** The short goal list: 21, 22, 23, then "other". */
export const shortGoalIds: readonly number[] = [21, 22, 23, otherPurposeId]

/** The onboarding position choices in order (SPEC.md section 2); owner is id 1. */
export const positionChoices = [
  { id: ownerPositionId, key: 'owner' },
  { id: 2, key: 'manager' },
  { id: 3, key: 'administrator' },
  { id: 4, key: 'specialist' },
  { id: 5, key: 'marketing' },
  { id: 6, key: 'accountant' },
] as const
export type PositionKey = (typeof positionChoices)[number]['key']

/** True for an individual practitioner: one who works alone (place count id 3). */
export function isIndividualPlaceCount(placeCountId: number | null | undefined): boolean {
  return placeCountId === individualPlaceCountId
}

/**
 * The goal list a visitor sees on the newer table's goal steps: individual practitioners get the
 * short list of essentials, companies the general one (docs/decisions.md, "Registration and
 * onboarding"). The fourth step asks what they want to do, the fifth what they need first.
 */
export function goalListFor(individual: boolean): readonly number[] {
  return individual ? shortGoalIds : generalGoalIds
}

/** Whether the custom purpose field applies: only when "other" is among the chosen purposes. */
export function needsCustomPurpose(purposes: readonly number[]): boolean {
  return purposes.includes(otherPurposeId)
}

/**
 * What the third step sends about staff for a visitor: an individual works alone and provides the
 * services themself, whatever the form says (SPEC.md section 3, "Third step").
 */
export function staffAnswersFor(
  individual: boolean,
  answers: { staffCount: number; providesServicesThemself: boolean },
): { staff_count: number; is_provide_services_by_myself: boolean } {
  return individual
    ? { staff_count: individualStaffCount, is_provide_services_by_myself: true }
    : { staff_count: answers.staffCount, is_provide_services_by_myself: answers.providesServicesThemself }
}

/** The position an individual practitioner holds, whatever was chosen: owner. */
export function positionFor(individual: boolean, chosen: number | null): number | null {
  return individual ? ownerPositionId : chosen
}
