import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { waitFor } from 'xstate'
import { languageOf, localizedPath, type Language } from '../../contract/ui-languages'
import type { SessionActor } from './session'

interface GuardArguments {
  context: { session: SessionActor }
  location: ParsedLocation
  params: { lang?: string }
}

/** The session once it knows whether the user is signed in (the stored token checked, or refreshed). */
function settledSession(session: SessionActor) {
  return waitFor(session, (snapshot) => !snapshot.matches('restoring') && !snapshot.matches('refreshing'))
}

/**
 * Whether `href` (path and query, language prefix included) is the bare home page: where a sign-in goes anyway,
 * so it needs no return address.
 */
export function isHomeHref(href: string, language: Language): boolean {
  return href.replace(/\/+$/, '') === localizedPath(language, '/').replace(/\/+$/, '')
}

/**
 * The guard of the signed-in area (TanStack `authenticated-routes`): a signed-out visitor is sent to sign-in
 * before anything renders, with the page they asked for as `?redirect=` to return there afterwards. The bare
 * home page is where a sign-in goes anyway, so it needs no return address.
 */
export async function requireSignedIn({ context, location, params }: GuardArguments) {
  const snapshot = await settledSession(context.session)
  if (snapshot.matches('valid')) return
  const language = languageOf(params.lang)
  const signIn = localizedPath(language, '/signin')
  const returnHere = !isHomeHref(location.href, language) && snapshot.context.endedBy !== 'user'
  throw redirect({
    href: returnHere ? `${signIn}?redirect=${encodeURIComponent(location.href)}` : signIn,
    replace: true,
  })
}

/** The guard of the sign-in screens: a signed-in user has nothing to do there and goes home. */
export async function requireSignedOut({ context, params }: GuardArguments) {
  const snapshot = await settledSession(context.session)
  if (!snapshot.matches('valid')) return
  throw redirect({ href: localizedPath(languageOf(params.lang), '/'), replace: true })
}
