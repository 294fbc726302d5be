import { createContext, useContext } from 'react'
import type { OnboardingVariant } from '../../../machines/onboarding-steps'
import type { TableChoice } from './table-choice'
import type { OnboardingActor } from './onboarding-actor'

export interface OnboardingFlowValue {
  actor: OnboardingActor
  table: TableChoice
  abGroupPercentage: number
}

export const OnboardingFlowContext = createContext<OnboardingFlowValue | null>(null)

/** The onboarding actor of the page, from the onboarding layout route. */
export function useOnboardingFlow(): OnboardingFlowValue {
  const value = useContext(OnboardingFlowContext)
  if (!value) throw new Error('useOnboardingFlow must be used inside the onboarding layout')
  return value
}

export type { OnboardingVariant }
