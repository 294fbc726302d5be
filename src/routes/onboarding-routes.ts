import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { languageRoute } from './language-route'

// The registration's screens (and the phone-number library they need) load with its routes: a visitor who only
// signs in never downloads them.
const OnboardingFlow = lazyRouteComponent(
  () => import('../flows/onboarding/onboarding-flow'),
  'OnboardingFlow',
)
const OnboardingStep = lazyRouteComponent(
  () => import('../flows/onboarding/onboarding-step'),
  'OnboardingStep',
)

/*
 * The onboarding routes of SPEC.md section 2. One layout keeps the onboarding actor while the visitor
 * moves between them; the layout tells the machine which screen each opened URL names (onboarding-routing.ts). Signed-in
 * visitors register companies too, so no session state moves anyone off these routes ('any'). Every step renders
 * OnboardingStep, which shows the step's screen; `screenName` names that screen for the /flows panel.
 */

export const onboardingLayoutRoute = createRoute({
  getParentRoute: () => languageRoute,
  id: 'onboarding',
  staticData: { area: 'any' },
  component: OnboardingFlow,
})

export const onboardingFirstRoute = createRoute({
  getParentRoute: () => onboardingLayoutRoute,
  path: 'onboarding/first',
  staticData: { area: 'any', screenName: 'FirstStepScreen' },
  component: OnboardingStep,
})

export const onboardingSecondRoute = createRoute({
  getParentRoute: () => onboardingLayoutRoute,
  path: 'onboarding/second/$id',
  staticData: { area: 'any', screenName: 'SecondStepScreen' },
  component: OnboardingStep,
})

export const onboardingThirdRoute = createRoute({
  getParentRoute: () => onboardingLayoutRoute,
  path: 'onboarding/third/$id',
  staticData: { area: 'any', screenName: 'ThirdStepScreen' },
  component: OnboardingStep,
})

export const onboardingFourthRoute = createRoute({
  getParentRoute: () => onboardingLayoutRoute,
  path: 'onboarding/fourth/$id',
  staticData: { area: 'any', screenName: 'FourthStepScreen' },
  component: OnboardingStep,
})

/** The goals step; only the newer table has it, and the machine sends older-table visitors on. */
export const onboardingFifthRoute = createRoute({
  getParentRoute: () => onboardingLayoutRoute,
  path: 'onboarding/fifth/$id',
  staticData: { area: 'any', screenName: 'FifthStepScreen' },
  component: OnboardingStep,
})

/** Reached only from first; opened any other way, the machine sends the visitor to first. */
export const onboardingConfirmCodeRoute = createRoute({
  getParentRoute: () => onboardingLayoutRoute,
  path: 'onboarding/confirm_code/$id',
  staticData: { area: 'any', screenName: 'ConfirmCodeScreen' },
  component: OnboardingStep,
})

export const onboardingContinueRegisterRoute = createRoute({
  getParentRoute: () => onboardingLayoutRoute,
  path: 'onboarding/continue_register/$id',
  staticData: { area: 'any', screenName: 'ContinueRegisterScreen' },
  component: OnboardingStep,
})

export const onboardingCreateOrJoinRoute = createRoute({
  getParentRoute: () => onboardingLayoutRoute,
  path: 'onboarding/create_or_join/$id',
  staticData: { area: 'any', screenName: 'CreateOrJoinScreen' },
  component: OnboardingStep,
})

export const onboardingWelcomeRoute = createRoute({
  getParentRoute: () => onboardingLayoutRoute,
  path: 'onboarding_individual/welcome/$id',
  staticData: { area: 'any', screenName: 'WelcomeScreen' },
  component: OnboardingStep,
})

export const onboardingRouteTree = onboardingLayoutRoute.addChildren([
  onboardingFirstRoute,
  onboardingSecondRoute,
  onboardingThirdRoute,
  onboardingFourthRoute,
  onboardingFifthRoute,
  onboardingConfirmCodeRoute,
  onboardingContinueRegisterRoute,
  onboardingCreateOrJoinRoute,
  onboardingWelcomeRoute,
])
