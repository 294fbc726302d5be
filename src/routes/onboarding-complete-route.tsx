import { createRoute } from '@tanstack/react-router'
import { RegistrationCompleteScreen } from '../embedded/completion-screen'
import { languageRoute } from './language-route'

/**
 * /{lang}/onboarding/complete/{id}: the end of a registration (SPEC.md section 4). Shown signed in
 * (standalone) and signed out (embedded, after the frame's session was handed to the parent).
 */
export const onboardingCompleteRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'onboarding/complete/$id',
  staticData: { area: 'any', screenName: 'RegistrationCompleteScreen' },
  component: RegistrationCompleteScreen,
})
