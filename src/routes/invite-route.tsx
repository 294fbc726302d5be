import { createRoute } from '@tanstack/react-router'
import { InviteScreen } from '../flows/invite/invite-screen'
import { languageRoute } from './language-route'

/**
 * /{lang}/invite/{token?}: shown signed in (accept) and signed out (register), so it belongs to neither area
 * and the session never moves the visitor off it; the invite machine decides what it shows.
 */
export const inviteRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'invite/{-$token}',
  staticData: { area: 'any' },
  component: InviteScreen,
})
