import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { inviteQueryOptions, lastInviteQueryOptions } from '../api/invites/invites'
import { preloadRouteData } from '../app/route-data'
import { languageRoute } from './language-route'

// A chunk of its own: the pages that do not show this flow (the booking page, the workspace) load none of it.
const InviteScreen = lazyRouteComponent(() => import('../flows/invite/invite-screen'), 'InviteScreen')

/**
 * /{lang}/invite/{token?}: shown signed in (accept) and signed out (register), so it belongs to neither area
 * and the session never moves the visitor off it; the invite machine decides what it shows.
 */
export const inviteRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'invite/{-$token}',
  staticData: { area: 'any', screenName: 'InviteScreen' },
  // Without a token, the invitation this browser opened last (the one the sign-in page offers), if any.
  beforeLoad: async ({ context, params }) => {
    if (params.token) return
    const last = await context.queryClient.fetchQuery(lastInviteQueryOptions()).catch(() => null)
    if (last) {
      throw redirect({
        to: '/{-$lang}/invite/{-$token}',
        params: { lang: params.lang, token: last.token },
        replace: true,
      })
    }
  },
  // The invitation loads with the route; the invite machine takes it (or the failure) from the cache.
  loader: ({ context, params }) =>
    params.token ? preloadRouteData(context.queryClient, inviteQueryOptions(params.token)) : undefined,
  component: InviteScreen,
})
