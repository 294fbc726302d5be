import { useMatches, useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { screenMetaOf } from '../../../machines/route-meta'
import { languageOf, localizedPath } from '../../i18n/languages'
import type { OnboardingActor } from './onboarding-actor'

/**
 * Turns the onboarding machine's screen states into navigations (DESIGN.md, "Flows and routes"),
 * like the session's bridge: the machine decides, this only follows. A move the visitor made by
 * answering a step is a new history entry; a URL the machine redirected is replaced, so the back
 * button never walks into the same redirect again. The final state is left to the completion.
 */
export function OnboardingRouteBridge({ actor }: { actor: OnboardingActor }) {
  const target = useSelector(
    actor,
    (snapshot) => {
      const meta = snapshot.status === 'active' ? screenMetaOf(snapshot) : undefined
      if (!meta) return null
      const id = snapshot.context.progress?.progressId
      return {
        route: meta.route.replace('$id', id === undefined ? '' : String(id)),
        replace: snapshot.context.requested !== null,
      }
    },
    (a, b) => a?.route === b?.route && a?.replace === b?.replace,
  )
  const matches = useMatches()
  const navigate = useNavigate()
  const last = matches.at(-1)
  const language = languageOf((last?.params as { lang?: string } | undefined)?.lang)
  const currentPath = last?.pathname

  useEffect(() => {
    if (target === null) return
    const href = localizedPath(language, target.route)
    if (currentPath !== href && currentPath !== `${href}/`) void navigate({ href, replace: target.replace })
    // Only a new screen state navigates; the current path is read, not watched.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, language, navigate])

  return null
}
