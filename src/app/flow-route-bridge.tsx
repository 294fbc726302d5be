import { useLocation, useMatches, useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { screenMetaOf } from '../../machines/route-meta'
import { languageOf, localizedPath } from '../i18n/languages'
import { takeRedirectAfterSignIn } from './redirect-after-sign-in'
import { useSessionActor } from './session-context'

/**
 * The one place where a flow's state becomes a navigation (DESIGN.md, "Flows and routes").
 * Each route declares the area it belongs to; when the session's screen state names another area,
 * the user is sent to that state's route. A deep link into the signed-in area while signed out
 * therefore lands on sign-in (which is told the page as `?redirect=`, to return there afterwards),
 * and signing in or out moves the user without any screen navigating.
 */
export function FlowRouteBridge() {
  const session = useSessionActor()
  const screen = useSelector(session, screenMetaOf, (a, b) => a?.route === b?.route && a?.area === b?.area)
  const signingOut = useSelector(session, (snapshot) => snapshot.matches('signingOut'))
  const matches = useMatches()
  const navigate = useNavigate()
  const { href: currentHref } = useLocation()
  const routeArea = matches.at(-1)?.staticData.area
  const language = languageOf((matches.at(-1)?.params as { lang?: string } | undefined)?.lang)
  // Someone who signed out chose to leave: the next sign-in (perhaps of someone else) starts at home.
  const signedOutOnPurpose = useRef(false)
  const hrefRef = useRef(currentHref)

  useEffect(() => {
    hrefRef.current = currentHref
  }, [currentHref])

  useEffect(() => {
    if (signingOut) signedOutOnPurpose.current = true
  }, [signingOut])

  useEffect(() => {
    // An 'any' route belongs to neither area, so no session state moves the user off it.
    if (!screen?.area || !routeArea || routeArea === 'any' || screen.area === routeArea) return
    if (screen.area === 'private') {
      signedOutOnPurpose.current = false
      // A sign-in that returned a url goes there rather than to the signed-in state's own route.
      const redirect = takeRedirectAfterSignIn()
      void navigate({ href: redirect ?? localizedPath(language, screen.route), replace: true })
      return
    }
    const target = localizedPath(language, screen.route)
    const wanted = hrefRef.current
    // The bare home page is where a sign-in goes anyway, so it needs no return address.
    const isHome = wanted.replace(/\/+$/, '') === localizedPath(language, '/').replace(/\/+$/, '')
    const returnHere = !signedOutOnPurpose.current && !isHome
    void navigate({
      href: returnHere ? `${target}?redirect=${encodeURIComponent(wanted)}` : target,
      replace: true,
    })
  }, [screen, routeArea, language, navigate])

  return null
}
