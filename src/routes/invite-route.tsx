import { createRoute } from '@tanstack/react-router'
import { inviteQueryOptions } from '../api/invites/invites'
import { preloadRouteData } from '../app/route-data'
import { InviteScreen } from '../flows/invite/invite-screen'
import { languageRoute } from './language-route'

/**
 * /{lang}/invite/{token?}: shown signed in (accept) and signed out (register), so it belongs to neither area
 * and the session never moves the visitor off it; the invite machine decides what it shows.
 */
export const inviteRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'invite/{-$token}',
  staticData: { area: 'any', screenName: 'InviteScreen' },
  // The invitation loads with the route; the invite machine takes it (or the failure) from the cache.
  loader: ({ context, params }) =>
    params.token ? preloadRouteData(context.queryClient, inviteQueryOptions(params.token)) : undefined,
  component: InviteScreen,
})
