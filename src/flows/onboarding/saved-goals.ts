import type { OnboardingProgress } from '../../../contract/onboarding/schemas'

/** The goals a goal step answered before, to show them again: each step keeps its own. */
export interface SavedGoals {
  purposes: readonly number[]
  customPurpose: string | null | undefined
}

/**
 * What the newer table's fourth or fifth step answered before (going back, or a reload): the fourth step's goals
 * travel as `purposes`/`custom_purpose`, the fifth step's as `fifth_step_purposes`/`fifth_step_custom_purpose`,
 * so neither step shows (or, saved again, overwrites) the other's answers.
 */
export function savedGoalsOf(progress: OnboardingProgress | undefined, step: 'fourth' | 'fifth'): SavedGoals {
  if (!progress) return { purposes: [], customPurpose: undefined }
  return step === 'fourth'
    ? { purposes: progress.purposes, customPurpose: progress.custom_purpose }
    : { purposes: progress.fifth_step_purposes, customPurpose: progress.fifth_step_custom_purpose }
}
