import { useMatches, useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { screenMetaOf } from '../../machines/route-meta'
import { languageOf, localizedPath } from '../i18n/languages'
import { takeRedirectAfterSignIn } from './redirect-after-sign-in'
import { useSessionActor } from './session-context'

/**
 * The one place where a flow's state becomes a navigation (DESIGN.md, "Flows and routes").
 * Each route declares the area it belongs to; when the session's screen state names another area,
 * the user is sent to that state's route. A deep link into the signed-in area while signed out
 * therefore lands on sign-in, and signing in or out moves the user without any screen navigating.
 */
export function FlowRouteBridge() {
  const session = useSessionActor()
  const screen = useSelector(session, screenMetaOf, (a, b) => a?.route === b?.route && a?.area === b?.area)
  const matches = useMatches()
  const navigate = useNavigate()
  const routeArea = matches.at(-1)?.staticData.area
  const language = languageOf((matches.at(-1)?.params as { lang?: string } | undefined)?.lang)

  useEffect(() => {
    // An 'any' route belongs to neither area, so no session state moves the user off it.
    if (!screen?.area || !routeArea || routeArea === 'any' || screen.area === routeArea) return
    // A sign-in that returned a url goes there rather than to the signed-in state's own route.
    const redirect = screen.area === 'private' ? takeRedirectAfterSignIn() : null
    void navigate({ href: redirect ?? localizedPath(language, screen.route), replace: true })
  }, [screen, routeArea, language, navigate])

  return null
}
