import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { requireSignedOut } from '../app/route-guards'
import { languageRoute } from './language-route'

// A chunk of its own: the pages that do not show this flow (the booking page, the workspace) load none of it.
const TwoFactorScreen = lazyRouteComponent(
  () => import('../flows/twofa/two-factor-screen'),
  'TwoFactorScreen',
)

/** /{lang}/signin/2fa: the twoFactor machine decides what it shows; without a session it goes to sign-in. */
export const twoFactorRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'signin/2fa',
  staticData: { area: 'public', screenName: 'TwoFactorScreen' },
  beforeLoad: requireSignedOut,
  component: TwoFactorScreen,
})
