import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet, useMatches } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { areasDisagree, SessionRouteBridge } from '../app/session-route-bridge'
import type { SessionActor } from '../app/session'
import { useSessionActor } from '../app/session-context'
import { EmbeddedProvider } from '../embedded/embedded-provider'
import { NotFoundScreen } from '../ui/not-found-screen'
import { ErrorModal } from '../ui/error-modal'
import { Spinner } from '../ui/spinner'
import { Toaster } from '../ui/toaster'
import { UntranslatedLanguageNotice } from '../ui/untranslated-language-notice'

export interface RouterContext {
  queryClient: QueryClient
  session: SessionActor
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
})

function RootLayout() {
  const session = useSessionActor()
  // Until the stored session is checked, no screen can know whether it may show itself.
  const restoring = useSelector(session, (snapshot) => snapshot.matches('restoring'))
  // While the bridge moves the user to the area the session allows, the route being left must not
  // render: a signed-in screen shown to a signed-out visitor would fetch without a token.
  // The page shown is the last route that loaded: below a route that failed (an unknown language prefix) nothing
  // renders, so a signed-in area matched under it has no say.
  const routeArea = useMatches({
    select: (matches) => {
      const failed = matches.findIndex((match) => match.status === 'error' || match.status === 'notFound')
      return (failed === -1 ? matches : matches.slice(0, failed + 1)).at(-1)?.staticData.area
    },
  })
  const leaving = useSelector(session, (snapshot) => areasDisagree(snapshot, routeArea))
  return (
    <EmbeddedProvider>
      <SessionRouteBridge />
      <UntranslatedLanguageNotice />
      <main className="page">{restoring || leaving ? <Spinner size="large" /> : <Outlet />}</main>
      <Toaster />
      <ErrorModal />
    </EmbeddedProvider>
  )
}
