import { createRoute, Outlet } from '@tanstack/react-router'
import { activateLanguage, loadCatalog } from '../i18n/activate'
import { isLanguage, languageOf, pseudoLanguage } from '../../contract/ui-languages'
import { fetchDevToolsOffered } from '../api/flows/flows-access'
import { rootRoute } from './root-route'
import { NotFoundScreen } from '../ui/not-found-screen'

/** The first segment of the address is no language the app speaks. */
class UnknownPrefix extends Error {
  constructor() {
    super('No such page')
  }
}

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
    const known =
      params.lang === undefined ||
      (isLanguage(params.lang) &&
        // The pseudo-locale is a tool for finding untranslated text: a production server (no development tools)
        // answers its pages as it answers any unknown prefix.
        (params.lang !== pseudoLanguage || import.meta.env.DEV || (await pseudoLocaleOffered())))
    // A first segment that is no language (/nonexistent, /onboarding without its step) is a page that does not
    // exist: said in the default language, whose words must be loaded before the page can say it.
    const language = languageOf(known ? params.lang : undefined)
    await loadCatalog(language)
    activateLanguage(language)
    if (!known) throw new UnknownPrefix()
  },
  component: Outlet,
  // An unknown prefix is thrown as an error of its own rather than notFound(): thrown from beforeLoad after the
  // catalog's await, the router left the page pending for ever (a spinner and nothing else).
  errorComponent: ({ error }) => {
    if (error instanceof UnknownPrefix) return <NotFoundScreen />
    throw error
  },
})
