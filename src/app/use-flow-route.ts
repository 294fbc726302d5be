import { useLocation, useNavigate, useParams } from '@tanstack/react-router'
import { useEffect } from 'react'
import { screenMetaOf } from '../../machines/route-meta'
import { languageOf, localizedPath } from '../i18n/languages'

/**
 * Keeps the URL on the screen a flow's state names (DESIGN.md: the machine decides where the user is). The
 * state's `meta.route` may hold `$name` segments, filled from `values`. A URL opened directly starts the flow
 * at its beginning, and this sends the user to the step the machine is really in.
 */
export function useFlowRoute(
  snapshot: { getMeta(): Record<string, unknown> },
  values: Record<string, string> = {},
) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const params = useParams({ strict: false }) as { lang?: string }
  const route = screenMetaOf(snapshot)?.route
  const target = route?.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''))
  const language = languageOf(params.lang)

  useEffect(() => {
    if (!target) return
    const href = localizedPath(language, target)
    if (decodeURIComponent(pathname).replace(/\/+$/, '') === decodeURIComponent(href).replace(/\/+$/, ''))
      return
    void navigate({ href, replace: true })
  }, [target, language, pathname, navigate])
}
