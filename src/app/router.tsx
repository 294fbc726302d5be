import { createRouter } from '@tanstack/react-router'
import type { Section } from '../business/shell/sections'
import { trackPageView } from '../api/analytics/track'
import { flowDiagramRoute, flowsCoverageRoute, flowsIndexRoute, flowsRoute } from '../routes/flows-route'
import { companyRouteTree } from '../routes/company-routes'
import { homeRoute } from '../routes/home-route'
import { languageRoute } from '../routes/language-route'
import { onboardingCompleteRoute } from '../routes/onboarding-complete-route'
import { onboardingRouteTree } from '../routes/onboarding-routes'
import { cancelBookingRoute, onlineBookingRoute, onlineChainRoute } from '../routes/online-booking-routes'
import { rootRoute, type RouterContext } from '../routes/root-route'
import { signInRoute } from '../routes/sign-in-route'
import { signInExtrasRouteTree } from '../routes/sign-in-extras-routes'
import { missingTranslationsRoute } from '../routes/translations-route'
import { normalizeSlashes } from './normalize-path'
import { Spinner } from '../ui/spinner'

function PendingScreen() {
  return <Spinner size="large" />
}

const routeTree = rootRoute.addChildren([
  languageRoute.addChildren([
    homeRoute,
    companyRouteTree,
    signInRoute,
    ...signInExtrasRouteTree,
    onboardingCompleteRoute,
    onboardingRouteTree,
    flowsRoute.addChildren([flowsIndexRoute, flowsCoverageRoute, flowDiagramRoute]),
    missingTranslationsRoute,
    onlineBookingRoute,
    onlineChainRoute,
    cancelBookingRoute,
  ]),
])

/** The registration id of a route that has one: onboarding routes carry it as `{id}`. */
function registrationIdOf(params: Record<string, unknown>): number | null {
  const id = Number(params.id)
  return Number.isInteger(id) && id > 0 ? id : null
}

export function createAppRouter(context: RouterContext) {
  const router = createRouter({
    routeTree,
    context,
    // The router matches a leading '//' but not an interior one, so every path is normalised first.
    rewrite: {
      input: ({ url }) => {
        const normalized = normalizeSlashes(url.pathname)
        if (normalized === url.pathname) return undefined
        url.pathname = normalized
        return url
      },
    },
    defaultPreload: 'intent',
    // A route guard waiting for the session (restoring the stored token) shows the spinner at once, inside
    // the page layout, rather than a blank page or the wrong screen.
    defaultPendingComponent: PendingScreen,
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
    // Since we're using React Query, we don't want loader calls to ever be stale.
    defaultPreloadStaleTime: 0,
  })

  router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
    if (!pathChanged) return
    window.scrollTo({ top: 0 })
    const params = router.state.matches.at(-1)?.params ?? {}
    trackPageView(toLocation.pathname, registrationIdOf(params))
  })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface StaticDataRouteOption {
    /**
     * Which part of the product a route belongs to; the session decides who may see it. 'any' routes
     * (the /flows tools) are shown signed in or out and guard themselves.
     */
    area?: 'public' | 'private' | 'any'
    /** The workspace section a route belongs to, which the navigation marks as current. */
    section?: Section['key']
    /**
     * The screen the route shows, by its component's export name: a string, so that the /flows panel can name
     * it in a minified build too, where function names are gone. Layout routes have none; a route whose
     * component picks the screen by the machine's state (the onboarding steps) names the screen of its step.
     */
    screenName?: string
  }
}
