import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useEffect, type ReactNode } from 'react'
import { inspectionOptions } from '../app/inspection'
import { useSessionActor } from '../app/session-context'
import { EmbeddedActorContext } from './embedded-context'
import { createEmbeddedLogic } from './embedded-logic'
import { attachEmbeddedActor } from './embedded-reporting'
import { EmbeddedRouteBridge } from './embedded-route-bridge'
import { createParentBridge } from './parent-bridge'

/** The registration id of a route that has one: onboarding routes carry it as `{id}`. */
function registrationIdOf(params: Record<string, unknown> | undefined): number | null {
  const id = Number(params?.id)
  return Number.isInteger(id) && id > 0 ? id : null
}

/**
 * Runs the embedded machine for the page and feeds it what happens elsewhere: navigations, sign-outs and
 * the parent's pings. Mounted once, in the root layout, inside the router and the session.
 */
export function EmbeddedProvider({ children }: { children: ReactNode }) {
  const session = useSessionActor()
  const queryClient = useQueryClient()
  const router = useRouter()
  const actor = useActorRef(
    createEmbeddedLogic({
      win: window,
      session,
      queryClient,
      currentPath: () => router.state.location.pathname,
    }),
    inspectionOptions(),
  )

  useEffect(() => attachEmbeddedActor(actor), [actor])

  useEffect(
    () =>
      router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
        if (!pathChanged) return
        const registrationId = registrationIdOf(router.state.matches.at(-1)?.params)
        actor.send({ type: 'page.visited', path: toLocation.pathname, registrationId })
      }),
    [router, actor],
  )

  // A session that ends after it was established (sign-out, or a token the server refused) is a logout.
  useEffect(() => {
    let established = session.getSnapshot().matches('valid')
    const subscription = session.subscribe((snapshot) => {
      if (snapshot.matches('valid')) established = true
      if (snapshot.matches('signedOut') && established) {
        established = false
        actor.send({ type: 'session.loggedOut' })
      }
    })
    return () => subscription.unsubscribe()
  }, [session, actor])

  // Listens to the parent once it is known; the bridge drops anything from another origin or window.
  useEffect(() => {
    let stopListening: (() => void) | undefined
    const listenOnce = (parentOrigin: string | null) => {
      if (!parentOrigin || stopListening) return
      stopListening = createParentBridge(window, parentOrigin).listen(() =>
        actor.send({ type: 'parent.pinged' }),
      )
    }
    listenOnce(actor.getSnapshot().context.parentOrigin)
    const subscription = actor.subscribe((snapshot) => listenOnce(snapshot.context.parentOrigin))
    return () => {
      subscription.unsubscribe()
      stopListening?.()
    }
  }, [actor])

  return (
    <EmbeddedActorContext.Provider value={actor}>
      <EmbeddedRouteBridge actor={actor} />
      {children}
    </EmbeddedActorContext.Provider>
  )
}
