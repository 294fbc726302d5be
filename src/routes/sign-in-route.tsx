import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { requireSignedOut } from '../app/route-guards'
import { languageRoute } from './language-route'

// A chunk of its own: the pages that do not show this flow (the booking page, the workspace) load none of it.
const SignInScreen = lazyRouteComponent(() => import('../flows/signin/sign-in-screen'), 'SignInScreen')

/** /{lang}/signin/{hash?}: the optional hash belongs to remembered sign-ins, which a later flow reads. */
export const signInRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'signin/{-$hash}',
  staticData: { area: 'public', screenName: 'SignInScreen' },
  beforeLoad: requireSignedOut,
  component: SignInScreen,
})
