import { useMatches, useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { screenMetaOf } from '../../machines/route-meta'
import { languageOf, localizedPath } from '../i18n/languages'
import type { EmbeddedActor } from './embedded-context'

/**
 * Turns the embedded machine's screen states into navigations, as the flow–route bridge does for the
 * session: when the machine enters a state with a route, the user is taken there.
 */
export function EmbeddedRouteBridge({ actor }: { actor: EmbeddedActor }) {
  const route = useSelector(actor, (snapshot) => {
    const meta = screenMetaOf(snapshot)
    const { registrationId } = snapshot.context
    if (!meta) return null
    return meta.route.replace('$registrationId', registrationId === null ? '' : String(registrationId))
  })
  const matches = useMatches()
  const navigate = useNavigate()
  const language = languageOf((matches.at(-1)?.params as { lang?: string } | undefined)?.lang)
  const currentPath = matches.at(-1)?.pathname

  useEffect(() => {
    if (route === null) return
    const target = localizedPath(language, route)
    if (currentPath !== target) void navigate({ href: target, replace: true })
    // Only entering a screen state navigates; the current path is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [route, language, navigate])

  return null
}
