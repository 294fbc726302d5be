import { createRoute } from '@tanstack/react-router'
import { SignInScreen } from '../flows/signin/sign-in-screen'
import { requireSignedOut } from '../app/route-guards'
import { languageRoute } from './language-route'

/** /{lang}/signin/{hash?}: the optional hash belongs to remembered sign-ins, which a later flow reads. */
export const signInRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'signin/{-$hash}',
  staticData: { area: 'public', screenName: 'SignInScreen' },
  beforeLoad: requireSignedOut,
  component: SignInScreen,
})
