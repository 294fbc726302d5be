import { createRoute, notFound, Outlet } from '@tanstack/react-router'
import { activateLanguage, loadCatalog } from '../i18n/activate'
import { isLanguage, languageOf, pseudoLanguage } from '../../contract/ui-languages'
import { fetchDevToolsOffered } from '../api/flows/flows-access'
import { rootRoute } from './root-route'

let offered: Promise<boolean> | undefined
const pseudoLocaleOffered = () =>
  (offered ??= fetchDevToolsOffered().catch(() => {
    offered = undefined
    return false
  }))

/** Every route takes an optional language prefix: /signin is Russian, /en/signin English. */
export const languageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '{-$lang}',
  beforeLoad: async ({ params }) => {
    if (params.lang !== undefined && !isLanguage(params.lang)) throw notFound()
    // The pseudo-locale is a tool for finding untranslated text: a production server (no development tools)
    // answers its pages as it answers any unknown prefix.
    if (params.lang === pseudoLanguage && !import.meta.env.DEV && !(await pseudoLocaleOffered()))
      throw notFound()
    const language = languageOf(params.lang)
    await loadCatalog(language)
    activateLanguage(language)
  },
  component: Outlet,
})
