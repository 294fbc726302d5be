import { useLocation, useNavigate, useParams } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from 'xstate'
import { fillRoute, screenMetaOf, type ScreenMeta } from '../../machines/route-meta'
import { languageOf, localizedPath } from '../../contract/ui-languages'

/** A URL as a flow sees it: the path without the language prefix, and the route's parameters. */
export interface OpenedLocation {
  path: string
  params: Record<string, string | undefined>
}

export interface FlowRoutingOptions {
  /** Values for the `$name` segments of the state's route, read from the machine's snapshot. */
  params?: (snapshot: AnyMachineSnapshot) => Record<string, string | number | null | undefined>
  /**
   * The event an opened URL (deep link, reload, Back or Forward) becomes; null when the flow has nothing to
   * say about it. The machine accepts it or stays where it is, and then the bridge puts its route back.
   */
  urlEvent?: (location: OpenedLocation) => EventObject | EventObject[] | null
  /** Whether the flow's state decides the URL now (the session does only when the areas disagree). */
  owns?: (snapshot: AnyMachineSnapshot, location: OpenedLocation) => boolean
  /** Adds to the filled route what only the app knows (the session's `?redirect=` back to the page left). */
  decorate?: (href: string, snapshot: AnyMachineSnapshot) => string
}

interface RouteTarget {
  /** The whole href, language prefix included. */
  href: string
  history: NonNullable<ScreenMeta['history']>
}

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

const samePath = (a: string, b: string) =>
  withoutTrailingSlash(decodeURIComponent(a)) === withoutTrailingSlash(decodeURIComponent(b))

const isWholePathRoute = (route: string) => /^\$\w+$/.test(route)

/** The path under the language prefix: `/en/signin/reset` → `/signin/reset`. */
export function pathUnderLanguage(pathname: string, lang: string | undefined): string {
  const path = lang && pathname.startsWith(`/${lang}`) ? pathname.slice(lang.length + 1) || '/' : pathname
  return withoutTrailingSlash(decodeURIComponent(path))
}

/**
 * The one flow ⇄ route bridge (DESIGN.md, "Flows and routes"), used by every flow:
 * - the machine owns where the user is: when it enters a screen state whose `meta.route` is not the URL, the
 *   user is taken there, as a new history entry or in place of the current one (`meta.history`);
 * - a URL the user opened (deep link, reload, Back, Forward) is an event for the machine (`urlEvent`), which
 *   goes there or refuses; a refusal puts the machine's route back in place of the URL, so Back never walks
 *   into the same redirect twice.
 * Screens never navigate for flow steps; they render the state and send events.
 */
export function useFlowRouting(actor: AnyActorRef, options: FlowRoutingOptions = {}) {
  const navigate = useNavigate()
  const params = useParams({ strict: false }) as Record<string, string | undefined>
  const { lang } = params
  const { pathname, searchStr, state: historyState } = useLocation()
  // Each history entry has its own key: opening the URL already shown (a link to this step) is a new entry.
  const entryKey = historyState.__TSR_key ?? historyState.key
  const language = languageOf(lang)
  const location: OpenedLocation = { path: pathUnderLanguage(pathname, lang), params }
  const optionsRef = useRef(options)
  const locationRef = useRef(location)
  useEffect(() => {
    optionsRef.current = options
    locationRef.current = location
  })
  // The last href the bridge itself navigated to, so that its own move is not mistaken for the user's.
  const navigatedTo = useRef<string | null>(null)
  // Set when a URL event was sent: the machine's answer to it replaces the URL rather than pushing.
  const answeringUrl = useRef(false)
  const current = useRef({ pathname, search: searchStr })
  useEffect(() => {
    current.current = { pathname, search: searchStr }
  })

  const targetOf = (snapshot: AnyMachineSnapshot): RouteTarget | null => {
    if (snapshot.status !== 'active' && snapshot.status !== 'done') return null
    const { owns, params: paramsOf } = optionsRef.current
    if (owns && !owns(snapshot, locationRef.current)) return null
    const meta = screenMetaOf(snapshot)
    if (!meta) return null
    const values = paramsOf?.(snapshot) ?? {}
    const filled = fillRoute(meta.route, values)
    // A whole-path route holds a page the user asked for, language prefix and all; without one, home.
    const whole = isWholePathRoute(meta.route)
    const hasWholePath = whole && values[meta.route.slice(1)] != null
    const href = hasWholePath ? filled : localizedPath(language, whole ? '/' : filled)
    return { href: optionsRef.current.decorate?.(href, snapshot) ?? href, history: meta.history ?? 'push' }
  }
  const target = useSelector(actor, targetOf, (a, b) => a?.href === b?.href && a?.history === b?.history)

  /** Moves the URL to the machine's route when it is elsewhere. */
  const follow = () => {
    const wanted = targetOf(actor.getSnapshot())
    if (!wanted) return
    const [wantedPath, wantedSearch] = wanted.href.split('?')
    const here = current.current
    const sameSearch = wantedSearch === undefined || here.search.replace(/^\?/, '') === wantedSearch
    if (samePath(wantedPath!, here.pathname) && sameSearch) {
      answeringUrl.current = false
      return
    }
    if (navigatedTo.current === wanted.href) return
    const replace = answeringUrl.current || wanted.history === 'replace'
    answeringUrl.current = false
    navigatedTo.current = wanted.href
    void navigate({ href: wanted.href, replace })
  }
  const followRef = useRef(follow)
  useEffect(() => {
    followRef.current = follow
  })

  // URL → machine: every path the user opens is told to the flow, once (a new history entry of the same path
  // too); then the URL follows the machine.
  useEffect(() => {
    const opened = pathUnderLanguage(pathname, lang)
    const own = navigatedTo.current
    navigatedTo.current = null
    if (own !== null && samePath(own.split('?')[0]!, pathname)) return
    const answer = optionsRef.current.urlEvent?.({ path: opened, params: locationRef.current.params })
    const events = answer === null || answer === undefined ? [] : Array.isArray(answer) ? answer : [answer]
    // A flow that has nothing to say about URLs leaves the user wherever they went.
    if (events.length === 0) return
    answeringUrl.current = true
    for (const event of events) actor.send(event)
    followRef.current()
  }, [actor, pathname, lang, entryKey])

  // Machine → URL: a new screen state moves the user.
  useEffect(() => {
    followRef.current()
  }, [target, language])

  // A flow that starts to own the URL while its machine stands still (the session's, when the user opens a page
  // of another area) moves the user at once: the target above changes only with the machine.
  const owned = options.owns?.(actor.getSnapshot(), location) ?? true
  useEffect(() => {
    if (owned) followRef.current()
  }, [owned])
}
