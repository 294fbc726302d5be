import { useMatches, useParams } from '@tanstack/react-router'
import type { AnyMachineSnapshot } from 'xstate'
import { screenMetaOf } from '../../machines/route-meta'
import { languageOf } from '../../contract/ui-languages'
import { useFlowRouting } from './flow-routing'
import { isHomeHref } from './route-guards'
import { useSessionActor } from './session-context'

/** The areas a route can belong to (its `staticData.area`). */
type RouteArea = 'public' | 'private' | 'any' | undefined

/**
 * Whether the session's state names another area than the route's: the user is then moved. An 'any' route
 * (invitations, onboarding, /flows) belongs to neither area, so no session state moves the user off it.
 */
export function areasDisagree(session: AnyMachineSnapshot, routeArea: RouteArea): boolean {
  const area = screenMetaOf(session)?.area
  return area !== undefined && routeArea !== undefined && routeArea !== 'any' && area !== routeArea
}

/**
 * The session through the one flow–route bridge. Each route declares the area it belongs to; the session's
 * state names an area and a route, and it moves the user only while the two disagree: signing in leads into
 * the signed-in area (to the page asked for, kept in the session's context, or home), and a session that ends
 * leads to sign-in. Route guards (`beforeLoad`) keep a URL opened directly from rendering in the wrong area.
 */
export function SessionRouteBridge() {
  const session = useSessionActor()
  const routeArea = useMatches({ select: (matches) => matches.at(-1)?.staticData.area })
  const href = useMatches({ select: (matches) => matches.at(-1)?.pathname })
  const language = languageOf(useParams({ strict: false }).lang)
  // A route still in its guard is the guard's to settle (it redirects with the page asked for).
  const settled = useMatches({ select: (matches) => matches.at(-1)?.status === 'success' })

  useFlowRouting(session, {
    params: (snapshot) => ({ returnTo: (snapshot as SessionSnapshot).context.returnTo }),
    owns: (snapshot) => settled && areasDisagree(snapshot, routeArea),
    decorate: (target, snapshot) => {
      const { endedBy } = (snapshot as SessionSnapshot).context
      const here = `${href ?? ''}${window.location.search}`
      if (!snapshot.matches('signedOut') || endedBy !== 'expiry' || !href || isHomeHref(here, language))
        return target
      // A session that could not be kept offers the way back to the page the user was on.
      return `${target}?redirect=${encodeURIComponent(here)}`
    },
  })
  return null
}

type SessionSnapshot = AnyMachineSnapshot & {
  context: { returnTo: string | null; endedBy: 'user' | 'expiry' | null }
}
