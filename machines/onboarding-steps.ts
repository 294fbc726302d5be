/**
 * The onboarding steps and where a progress lets a visitor be (SPEC.md sections 2 and 4).
 * Pure: the onboarding machine's guards and the screens both read these rules.
 */

import { STEP_NAMES, type StepName } from '../contract/onboarding/rules'

/** The questionnaire steps in order; `last_completed_step` 0..4 names them in this order. */
export type QuestionnaireStep = StepName

/** Every onboarding screen that a URL can name (SPEC.md section 2, "Step names used"). */
export type OnboardingScreenName =
  QuestionnaireStep | 'confirm_code' | 'continue_register' | 'create_or_join' | 'welcome' | 'complete'

/** The route table: the older one has four steps, the newer one adds the goals step (fifth). */
export type OnboardingVariant = 'older' | 'newer'

/** Where a progress sends a visitor: one of the questionnaire steps, or the end of the questionnaire. */
export type Landing = QuestionnaireStep | 'finish'

/** What the rules need to know of a progress: the parts of the status object they read. */
export interface ProgressFacts {
  status: string
  isCompleted: boolean
  /** 0..4 for first..fifth; null when the server knows of none. */
  lastCompletedStep: number | null
}

/** The statuses of a progress whose phone or e-mail has not been confirmed yet. */
export const unconfirmedStatuses: readonly string[] = [
  'user_not_approved_by_phone',
  'user_not_approved_by_email',
]

/** The name of the last completed step; `second` when none is known (SPEC.md section 4). */
export function stepOfLastCompleted(lastCompletedStep: number | null): QuestionnaireStep {
  if (lastCompletedStep === null || !Number.isInteger(lastCompletedStep)) return 'second'
  return STEP_NAMES[lastCompletedStep] ?? 'second'
}

/** The steps a variant shows, in order. */
export function stepsOf(variant: OnboardingVariant): readonly QuestionnaireStep[] {
  return variant === 'newer' ? STEP_NAMES : STEP_NAMES.slice(0, 4)
}

/** The step after the last completed one, or `finish` once the variant's last step is done. */
export function nextLanding(lastCompletedStep: number | null, variant: OnboardingVariant): Landing {
  if (lastCompletedStep === null) return 'second'
  const steps = stepsOf(variant)
  const done = steps.indexOf(stepOfLastCompleted(lastCompletedStep))
  // A progress completed further than this table goes (a fifth step done, then the older table) is finished.
  if (done === -1) return 'finish'
  return steps[done + 1] ?? 'finish'
}

/** A step's place in the table; any other screen, and the end of the questionnaire, comes after every step. */
const screenOrder = (screen: OnboardingScreenName | Landing, variant: OnboardingVariant): number => {
  const steps = stepsOf(variant)
  const index = steps.indexOf(screen as QuestionnaireStep)
  return index === -1 ? steps.length : index
}

/**
 * Where a visitor who opens `requested` lands, given the progress (SPEC.md section 4 and the
 * lead's design): a progress that is completed or not yet confirmed starts again at first; a step
 * already reached (going back to change an answer) is shown; a step further on, or any screen of
 * the end of the questionnaire, lands on the next unfinished step. `requested` null means "wherever
 * the progress allows", used right after a code is confirmed and after each step is saved.
 */
export function landingFor(
  progress: ProgressFacts,
  requested: OnboardingScreenName | null,
  variant: OnboardingVariant,
): Landing {
  if (progress.isCompleted || unconfirmedStatuses.includes(progress.status)) return 'first'
  const next = nextLanding(progress.lastCompletedStep, variant)
  if (requested === null || requested === 'first' || requested === 'confirm_code') return next
  const nextOrder = screenOrder(next, variant)
  const requestedOrder = screenOrder(requested, variant)
  if (requestedOrder >= nextOrder) return next
  return requested as QuestionnaireStep
}
