import { createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router'
import { requireSignedOut } from '../app/route-guards'
import { languageRoute } from './language-route'

// A chunk of its own: the pages that do not show this flow (the booking page, the workspace) load none of it.
const ResetPasswordScreen = lazyRouteComponent(
  () => import('../flows/reset/reset-password-screen'),
  'ResetPasswordScreen',
)

/**
 * /{lang}/signin/reset holds the resetPassword machine for its three steps, so they share one flow; the steps
 * themselves render nothing of their own. /signin/reset alone redirects to send_code (SPEC.md section 2).
 */
export const resetPasswordRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'signin/reset',
  staticData: { area: 'public', screenName: 'ResetPasswordScreen' },
  beforeLoad: requireSignedOut,
  component: ResetPasswordScreen,
})

export const resetIndexRoute = createRoute({
  getParentRoute: () => resetPasswordRoute,
  path: '/',
  staticData: { area: 'public' },
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/{-$lang}/signin/reset/send_code', params, replace: true })
  },
})

const step = (path: 'send_code' | 'confirm_code' | 'change_password') =>
  createRoute({
    getParentRoute: () => resetPasswordRoute,
    path,
    staticData: { area: 'public' },
    component: Outlet,
  })

export const resetSendCodeRoute = step('send_code')
export const resetConfirmCodeRoute = step('confirm_code')
export const resetChangePasswordRoute = step('change_password')
