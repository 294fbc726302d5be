import { routeMatches } from '../../../machines/route-meta'
import type { OnboardingEvent } from '../../../machines/onboarding'
import type { OnboardingScreenName, OnboardingVariant } from '../../../machines/onboarding-steps'
import type { FlowRoutingOptions, OpenedLocation } from '../../app/flow-routing'

/** The onboarding URLs of SPEC.md section 2 and the screens they name. */
const screenRoutes: [string, OnboardingScreenName][] = [
  ['/onboarding/first', 'first'],
  ['/onboarding/second/$id', 'second'],
  ['/onboarding/third/$id', 'third'],
  ['/onboarding/fourth/$id', 'fourth'],
  ['/onboarding/fifth/$id', 'fifth'],
  ['/onboarding/confirm_code/$id', 'confirm_code'],
  ['/onboarding/continue_register/$id', 'continue_register'],
  ['/onboarding/create_or_join/$id', 'create_or_join'],
  ['/onboarding_individual/welcome/$id', 'welcome'],
]

/** The screen an onboarding URL names, or null for a URL that is not an onboarding step. */
export function onboardingScreenOf(path: string): OnboardingScreenName | null {
  return screenRoutes.find(([route]) => routeMatches(route, path))?.[1] ?? null
}

/**
 * The onboarding flow through the one flow–route bridge: an opened URL is `route.opened` with the screen and
 * the progress id it names, and the machine decides (restores the progress, or sends the visitor to first);
 * the `$id` of a state's route is the progress id the machine holds.
 */
export function onboardingRouting(variant: OnboardingVariant): FlowRoutingOptions {
  return {
    params: (snapshot) => ({
      id: (snapshot.context as { progress: { progressId: number } | null }).progress?.progressId,
    }),
    urlEvent: ({ path, params }: OpenedLocation): OnboardingEvent | null => {
      const screen = onboardingScreenOf(path)
      if (!screen) return null
      const id = Number(params.id)
      return {
        type: 'route.opened',
        screen,
        progressId: Number.isInteger(id) && id > 0 ? id : null,
        variant,
      }
    },
  }
}
