import { createRoute } from '@tanstack/react-router'
import { TwoFactorScreen } from '../flows/twofa/two-factor-screen'
import { requireSignedOut } from '../app/route-guards'
import { languageRoute } from './language-route'

/** /{lang}/signin/2fa: the twoFactor machine decides what it shows; without a session it goes to sign-in. */
export const twoFactorRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'signin/2fa',
  staticData: { area: 'public', screenName: 'TwoFactorScreen' },
  beforeLoad: requireSignedOut,
  component: TwoFactorScreen,
})
